/**
 * A background start of the EVM indexer that fails must not end the process that started
 * it: `npm run demo` listens to the indexer's readiness only after it has printed its URL,
 * and died on the unhandled rejection when the indexer's first RPC read failed before that.
 * A fresh Node runs the start against a chain that is not there; it stays alive, retries,
 * and reports why the index could not start.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { findFreePort } from '../../devstack/free-port.js'

const script = fileURLToPath(new URL('./helpers/background-indexer-unreachable.ts', import.meta.url))
const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

type Line = { retry?: number; failed?: string; ready?: boolean; error?: string }

/** Every JSON line the child printed, until it printed a `failed` line or exited. */
async function runUntilReported(child: ChildProcess): Promise<{ lines: Line[]; output: string }> {
  let output = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const lines: Line[] = []
  let pending = ''
  child.stdout?.setEncoding('utf8')
  for await (const chunk of child.stdout!) {
    output += chunk
    pending += chunk
    const complete = pending.split('\n')
    pending = complete.pop() ?? ''
    for (const line of complete) lines.push(JSON.parse(line) as Line)
    if (lines.some((line) => line.failed !== undefined)) return { lines, output }
  }
  // Its output ended without a report: it is exiting.
  if (child.exitCode === null && child.signalCode === null)
    await new Promise((resolve) => child.once('exit', resolve))
  return { lines, output }
}

describe('the EVM indexer started in the background', () => {
  it('against an unreachable chain: the process stays alive, retries, and reports the failure', async () => {
    const port = await findFreePort() // nothing listens there
    const rpcUrl = `http://127.0.0.1:${port}`
    const child = spawn(process.execPath, ['--import', 'tsx', script, rpcUrl], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    const { lines, output } = await runUntilReported(child)

    // Still running after the failure was reported: nothing ended it.
    expect({ exitCode: child.exitCode, signal: child.signalCode }, output).toEqual({
      exitCode: null,
      signal: null,
    })
    expect(lines.filter((line) => line.retry !== undefined).map((line) => line.retry)).toEqual([2, 3])
    expect(lines.at(-1)?.failed).toContain(`eth_getBlockByNumber at ${rpcUrl} failed 6 times`)
  }, 120_000)
})
