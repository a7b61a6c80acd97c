import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolveAnvilBinary } from './anvil-binary.js'
import { ANVIL_MNEMONIC } from './fixtures.js'
import { findFreePort } from './free-port.js'
import { killOnExit } from './kill-on-exit.js'

export type StartAnvilOptions = {
  chainId: number
  /** Fixed port; by default a free one is picked. */
  port?: number
  /** Plain-JSON state file (as written by `--dump-state`) to start from. */
  loadStatePath?: string
  /** Genesis block timestamp (seconds); default now. Later blocks follow on from it. */
  genesisTimestamp?: number
  /** How long to wait for the RPC to answer. Default 10 s. */
  timeoutMs?: number
}

export type AnvilInstance = {
  chainId: number
  port: number
  rpcUrl: string
  pid: number
  /** Ends the process and resolves once it has exited. Safe to call twice. */
  stop(): Promise<void>
}

const host = '127.0.0.1'
// Lets the kernel deliver SIGKILL to anvil if this process dies without running any
// handler (e.g. SIGKILL of a test worker). Part of util-linux, so present on Debian.
const setpriv = '/usr/bin/setpriv'

/**
 * Starts one anvil and resolves once its RPC answers.
 *
 * @example
 * const anvil = await startAnvil({ chainId: 31337 })
 * // ... use anvil.rpcUrl
 * await anvil.stop()
 */
export async function startAnvil(options: StartAnvilOptions): Promise<AnvilInstance> {
  // A port picked by findFreePort can be taken before anvil binds it: retry a few times.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await findFreePort(host))
    try {
      return await startOnPort(options, port)
    } catch (error) {
      const inUse = error instanceof Error && /address already in use|os error 98/i.test(error.message)
      if (!inUse || options.port !== undefined || attempt >= 3) throw error
    }
  }
}

async function startOnPort(options: StartAnvilOptions, port: number): Promise<AnvilInstance> {
  const args = [
    '--host',
    host,
    '--port',
    String(port),
    '--chain-id',
    String(options.chainId),
    '--mnemonic',
    ANVIL_MNEMONIC,
    '--quiet',
    ...(options.loadStatePath ? ['--load-state', options.loadStatePath] : []),
    ...(options.genesisTimestamp !== undefined ? ['--timestamp', String(options.genesisTimestamp)] : []),
  ]
  const binary = resolveAnvilBinary().path
  const useSetpriv = process.platform === 'linux' && existsSync(setpriv)
  const child = useSetpriv
    ? spawn(setpriv, ['--pdeathsig', 'KILL', '--', binary, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  killOnExit(child)

  // Keep the tail of stderr so a failed start says why.
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000)
  })
  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      reject(
        new Error(
          `anvil (chain ${options.chainId}, port ${port}) exited early (${signal ?? code}): ${stderr.trim()}`,
        ),
      ),
    )
  })
  exited.catch(() => {}) // only observed while starting

  const rpcUrl = `http://${host}:${port}`
  try {
    await Promise.race([waitForRpc(rpcUrl, options.timeoutMs ?? 10_000), exited])
  } catch (error) {
    await stopProcess(child)
    throw error
  }
  return {
    chainId: options.chainId,
    port,
    rpcUrl,
    pid: child.pid ?? -1,
    stop: () => stopProcess(child),
  }
}

async function waitForRpc(rpcUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
  for (;;) {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(1_000),
      })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`anvil at ${rpcUrl} did not answer within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    // anvil exits on SIGTERM at once; SIGKILL covers a wedged process.
    setTimeout(() => child.kill('SIGKILL'), 2_000).unref()
  })
}
