/**
 * `npm run demo` itself, as a person runs it: it prints the URL, the page works from the
 * dev server, Farcaster login works against the stand-ins it printed (the dev Farcaster
 * app answers; the frame service opens a sign-in that the dev fid alice-dev approves and
 * finishes it with a session), and stopping it (Ctrl-C to the terminal's process group, or
 * SIGTERM to npm alone) leaves no anvil and no server behind.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID } from '../../demo/src/devstackConfig.js'
import { approveSignIn, parseSignInUri } from '../../devstack/farcaster/devApp/signIn.js'
import { DEV_FARCASTER_RELAY_KEY, devFarcasterUsers } from '../../devstack/farcaster/index.js'
import { anvilPidsOnPort, waitForAnvilsGone } from '../support/anvil-processes.js'
import { newLocalContext } from '../support/browser.js'
import { browserForFile } from '../support/browser-for-file.js'

const getBrowser = browserForFile()
const children: ChildProcess[] = []

/**
 * Waiting budgets, generous because the machine is shared: `npm run demo` starts four
 * anvils, the API server and Vite's dev server (17 s at load 12 on 2 cores), and the first
 * page waits for Vite to transform the app, and to pre-bundle its dependencies again
 * whenever package.json or the lock changed (over 20 s at load 3). Every wait below ends
 * as soon as its condition holds; the budgets only bound a failure.
 */
const START_MS = 90_000
const FIRST_PAGE_MS = 60_000
// Stopping the whole stack (the indexer, four anvils, a dozen servers) after npm's SIGTERM
// took over 30 s with a second `npm test` running beside this one on 2 cores.
const STOP_MS = 90_000

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

type RunningDemo = {
  child: ChildProcess
  url: string
  /** The fixture chains' anvils, from the `chains:` line. */
  anvilPorts: number[]
  /** From the `email login:` line. */
  frameUrl: string
  /** From the `Farcaster login:` line. */
  farcaster: { appUrl: string; relayUrl: string; rpcPort: number }
  output: () => string
}

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
    const chainsLine = /chains: (.*)\n/.exec(output)?.[1]
    const frameUrl = /frame service (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
    // Printed after the chains; whole once its line has ended.
    const farcasterLine =
      /Farcaster login: .*?(http:\/\/127\.0\.0\.1:\d+\/) .*relay (http:\/\/127\.0\.0\.1:\d+) .*chain 10 http:\/\/127\.0\.0\.1:(\d+)\n/.exec(
        output,
      )
    if (url && chainsLine && frameUrl && farcasterLine) {
      const anvilPorts = [...chainsLine.matchAll(/127\.0\.0\.1:(\d+)/g)].map((match) => Number(match[1]))
      const farcaster = {
        appUrl: farcasterLine[1]!,
        relayUrl: farcasterLine[2]!,
        rpcPort: Number(farcasterLine[3]),
      }
      return { child, url, anvilPorts, frameUrl, farcaster, output: () => output }
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

/**
 * Farcaster login against what the demo printed, as the frame and the dev Farcaster app do
 * it over HTTP: the app's page answers; the frame service opens a sign-in for the page's
 * origin at the relay, alice-dev approves it, and finish answers a session for fid 1001
 * (the signature checked against the Id Registry on the demo's chain 10).
 */
async function logInWithFarcaster(demo: RunningDemo): Promise<void> {
  const appPage = await fetch(demo.farcaster.appUrl)
  expect(appPage.status).toBe(200)
  expect(await appPage.text()).toContain('Latch Dev Farcaster App')

  const pageOrigin = new URL(demo.url).origin
  const deviceId = `demo-cli-${randomBytes(8).toString('hex')}`
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${demo.frameUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const started = await post('/v1/farcaster/start', {
    projectId: DEMO_PROJECT_ID,
    deviceId,
    parentOrigin: pageOrigin,
  })
  expect(started.status).toBe(200)
  const request = parseSignInUri(String(started.body.url))
  expect(request).toMatchObject({ siweUri: pageOrigin, domain: new URL(demo.url).host })

  const approved = await approveSignIn({
    relayUrl: demo.farcaster.relayUrl,
    authKey: DEV_FARCASTER_RELAY_KEY,
    request,
    user: devFarcasterUsers[0]!,
  })
  expect(approved.status).toBe(201)
  const finished = await post('/v1/farcaster/finish', {
    projectId: DEMO_PROJECT_ID,
    deviceId,
    channelId: started.body.channelId,
  })
  expect(finished).toMatchObject({
    status: 200,
    body: { state: 'completed', fid: 1001, username: 'alice-dev', provider: 'farcaster' },
  })
  expect(finished.body.sessionToken).toEqual(expect.any(String))
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
    // The fixture chains, and chain 10 of Farcaster login.
    const allAnvilPorts = [...demo.anvilPorts, demo.farcaster.rpcPort]
    for (const port of allAnvilPorts) expect(anvilPidsOnPort(port)).toHaveLength(1)
    await logInWithFarcaster(demo)

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
    expect(await waitForAnvilsGone(allAnvilPorts, STOP_MS)).toEqual([])
    expect(await serverAnswers(demo.url)).toBe(false)
    expect(await serverAnswers(demo.farcaster.appUrl)).toBe(false)
  })

  it('stops everything when only npm gets SIGTERM', async () => {
    const demo = await runDemo()
    demo.child.kill('SIGTERM')
    expect(await exited(demo.child)).toBe(true)
    // npm does not pass the signal on to tsx; the demo notices its launcher is gone.
    expect(await waitForAnvilsGone([...demo.anvilPorts, demo.farcaster.rpcPort], STOP_MS)).toEqual([])
    await expect.poll(() => serverAnswers(demo.url), { timeout: STOP_MS }).toBe(false)
  })
})
