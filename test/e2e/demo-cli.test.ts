/**
 * `npm run demo` itself, as a person runs it: it prints the URL, the page works from the
 * dev server, and stopping it (Ctrl-C to the terminal's process group, or SIGTERM to npm
 * alone) leaves no anvil and no server behind.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { anvilPidsOnPort, waitForAnvilsGone } from '../support/anvil-processes.js'
import { newLocalContext } from '../support/browser.js'
import { browserForFile } from '../support/browser-for-file.js'

const getBrowser = browserForFile()
const children: ChildProcess[] = []

/**
 * Waiting budgets, generous because the machine is shared: `npm run demo` starts three
 * anvils, the API server and Vite's dev server (17 s at load 12 on 2 cores), and the first
 * page waits for Vite to transform the app, and to pre-bundle its dependencies again
 * whenever package.json or the lock changed (over 20 s at load 3). Every wait below ends
 * as soon as its condition holds; the budgets only bound a failure.
 */
const START_MS = 90_000
const FIRST_PAGE_MS = 60_000
const STOP_MS = 30_000

afterEach(() => {
  // A failed test must not leave its demo running: end the whole group it started.
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }
  }
})

type RunningDemo = { child: ChildProcess; url: string; anvilPorts: number[]; output: () => string }

/** Starts `npm run demo` in its own process group (like a terminal does) on a free port. */
async function runDemo(): Promise<RunningDemo> {
  const child = spawn('npm', ['run', 'demo'], {
    env: { ...process.env, PORT: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const deadline = Date.now() + START_MS
  for (;;) {
    const url = /Latch demo: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1]
    const chainsLine = /chains: (.*)/.exec(output)?.[1]
    if (url && chainsLine) {
      const anvilPorts = [...chainsLine.matchAll(/127\.0\.0\.1:(\d+)/g)].map((match) => Number(match[1]))
      return { child, url, anvilPorts, output: () => output }
    }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm run demo did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function exited(child: ChildProcess, timeoutMs = STOP_MS): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

async function serverAnswers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) })
    return true
  } catch {
    return false
  }
}

describe('npm run demo', { timeout: START_MS + FIRST_PAGE_MS + 2 * STOP_MS }, () => {
  it('prints the URL and what to do, serves the demo from the dev server, and Ctrl-C stops everything', async () => {
    const demo = await runDemo()
    expect(demo.output()).toMatch(/Connect Wallet.*Latch Dev Wallet.*Approve/)
    expect(demo.anvilPorts).toHaveLength(3)
    for (const port of demo.anvilPorts) expect(anvilPidsOnPort(port)).toHaveLength(1)

    const { context, blocked } = await newLocalContext(getBrowser())
    try {
      const page = await context.newPage()
      // Vite transforms the app while the page loads: the load event is part of the wait.
      await page.goto(demo.url, { timeout: FIRST_PAGE_MS })
      await page.locator('[data-latchkit="connect-button"]').waitFor({ timeout: FIRST_PAGE_MS })
      await page.getByRole('region', { name: 'Dev wallet' }).waitFor()
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }

    // Ctrl-C in a terminal: SIGINT to every process of the foreground group.
    process.kill(-demo.child.pid!, 'SIGINT')
    expect(await exited(demo.child)).toBe(true)
    expect(await waitForAnvilsGone(demo.anvilPorts, STOP_MS)).toEqual([])
    expect(await serverAnswers(demo.url)).toBe(false)
  })

  it('stops everything when only npm gets SIGTERM', async () => {
    const demo = await runDemo()
    demo.child.kill('SIGTERM')
    expect(await exited(demo.child)).toBe(true)
    // npm does not pass the signal on to tsx; the demo notices its launcher is gone.
    expect(await waitForAnvilsGone(demo.anvilPorts, STOP_MS)).toEqual([])
    await expect.poll(() => serverAnswers(demo.url), { timeout: STOP_MS }).toBe(false)
  })
})
