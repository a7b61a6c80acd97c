import { readdirSync, readFileSync } from 'node:fs'

/**
 * Pids of running anvil processes listening on `port`, found through /proc (Linux), so a
 * test can prove that a stop or a crash left nothing behind.
 */
export function anvilPidsOnPort(port: number): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let argv: string[]
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
    } catch {
      continue // exited while we looked
    }
    const isAnvil = argv.some((arg) => arg.endsWith('/anvil'))
    const portIndex = argv.indexOf('--port')
    if (isAnvil && portIndex >= 0 && argv[portIndex + 1] === String(port)) pids.push(Number(entry))
  }
  return pids
}

/** Polls until no anvil listens on any of `ports`, or returns the ones still alive. */
export async function waitForAnvilsGone(ports: number[], timeoutMs = 5_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const alive = ports.flatMap(anvilPidsOnPort)
    if (alive.length === 0 || Date.now() > deadline) return alive
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
