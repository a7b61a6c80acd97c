import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { anvilPidsOnPort, waitForAnvilsGone } from '../support/anvil-processes.js'

const script = fileURLToPath(new URL('./helpers/start-chains-and-wait.ts', import.meta.url))

/** Runs the helper in a fresh Node (through tsx's loader) and waits for its ports. */
async function startParent() {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  child.stdout.setEncoding('utf8')
  for await (const chunk of child.stdout) {
    output += chunk
    if (output.includes('\n')) break
  }
  const { ports } = JSON.parse(output) as { ports: number[] }
  return { child, ports }
}

describe.concurrent('no orphan anvil when the parent process dies', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGKILL'] as const)('on %s', async (signal) => {
    const { child, ports } = await startParent()
    expect(ports.flatMap(anvilPidsOnPort)).toHaveLength(1)
    const exited = once(child, 'exit')
    child.kill(signal)
    const [code, exitSignal] = await exited
    // The parent must still die of the signal: our handler re-raises it.
    expect({ code, exitSignal }).toEqual({ code: null, exitSignal: signal })
    expect(await waitForAnvilsGone(ports)).toEqual([])
  })
})
