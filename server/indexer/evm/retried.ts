/**
 * Retrying a read that can fail for a while and then succeed: a node on a busy machine
 * answers its first call after seconds, not milliseconds. Each try gets a longer timeout
 * than the one before, with a pause between tries that doubles.
 */

export type RetrySchedule = {
  /** How many tries in all. Default 6. */
  attempts?: number
  /** The first try's timeout; each later try gets one more of it, up to 4 times. Default 5,000 ms. */
  timeoutMs?: number
  /** The pause after the first failure; it doubles after each one, up to 4 s. Default 250 ms. */
  backoffMs?: number
}

/** An error that retrying cannot fix (a node's answer, not its silence): thrown at once. */
export class FinalError extends Error {}

/**
 * Runs `attempt` until it succeeds, giving each try an abort signal of its own timeout;
 * throws, naming `what` and the last cause, once every try has failed. An attempt that
 * throws a `FinalError` is not tried again.
 *
 * @example
 * const block = await retried('eth_blockNumber at http://127.0.0.1:8545', (signal) =>
 *   fetch(rpcUrl, { method: 'POST', body, signal }).then((r) => r.json()))
 */
export async function retried<T>(
  what: string,
  attempt: (signal: AbortSignal) => Promise<T>,
  schedule: RetrySchedule = {},
): Promise<T> {
  const attempts = schedule.attempts ?? 6
  const timeoutMs = schedule.timeoutMs ?? 5_000
  let pause = schedule.backoffMs ?? 250
  let lastError: unknown
  for (let i = 0; i < attempts; i++) {
    try {
      return await attempt(AbortSignal.timeout(timeoutMs * Math.min(i + 1, 4)))
    } catch (error) {
      if (error instanceof FinalError) throw error
      lastError = error
    }
    if (i < attempts - 1) {
      await new Promise((resolve) => setTimeout(resolve, pause))
      pause = Math.min(pause * 2, 4_000)
    }
  }
  throw new Error(`${what} failed ${attempts} times; last: ${describe(lastError)}`, { cause: lastError })
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : ''
  return `${error.message}${cause}`
}
