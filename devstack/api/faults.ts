/**
 * The fault switch and the request log of the local API. Tests use them to exercise the
 * client's retry, Retry-After, timeout and validation paths against a real server: the
 * next N matching calls answer a 429/503 (with or without Retry-After), hang until the
 * client gives up, or answer 200 with a body of the wrong shape.
 */
import * as z from 'zod/mini'

export const faultSchema = z
  .object({
    /** Answer with this status... */
    status: z.optional(z.union([z.literal(429), z.literal(503)])),
    /** ...or never answer (until the client disconnects or the server stops)... */
    hang: z.optional(z.boolean()),
    /** ...or answer 200 with a JSON body of the wrong shape. */
    malformed: z.optional(z.boolean()),
    /** How many calls are affected. */
    count: z.number().check(z.int(), z.minimum(1), z.maximum(1000)),
    /** Retry-After in seconds, sent with `status`. */
    retryAfter: z.optional(z.number().check(z.minimum(0), z.maximum(3600))),
    /** Only calls whose path starts with this are affected (default: every API call). */
    path: z.optional(z.string().check(z.startsWith('/'))),
  })
  .check(
    z.refine(
      (fault) =>
        [fault.status !== undefined, fault.hang === true, fault.malformed === true].filter(Boolean).length ===
        1,
      {
        message: 'give exactly one of status, hang: true or malformed: true',
      },
    ),
  )

export type Fault = z.output<typeof faultSchema>

/** One call the server saw, before any fault was applied. */
export type LoggedRequest = {
  method: string
  /** Path without the query string. */
  path: string
  query: Record<string, string>
  /** ms since the server started (performance.now based), for timing assertions. */
  at: number
  /** The fault applied to this call, if any. */
  fault?: 'status' | 'hang' | 'malformed'
}

/** How many calls the request log keeps unless told otherwise: the latest 1,000. */
export const DEFAULT_REQUEST_LOG_SIZE = 1000

/** The switch as tests hold it: arm faults, read and clear the request log. */
export type FaultSwitch = {
  /** Arms a fault; it replaces any fault still armed. Throws on an invalid fault. */
  set(fault: Fault): void
  /** Disarms and releases every hanging call. */
  clear(): void
  /** Calls left before the armed fault is spent (0 when none is armed). */
  remaining(): number
  /**
   * What the server was asked since start or the last `clearLog()`, oldest first: the
   * latest calls up to the log's size (a ring: older ones are dropped), none when the
   * log is off. A copy, taken when read.
   */
  readonly requests: readonly LoggedRequest[]
  /** How many calls the log keeps (0: off). */
  readonly logSize: number
  clearLog(): void
}

/** Internal side used by the server: takes the fault for a call. */
export type FaultController = FaultSwitch & {
  take(path: string): Fault | undefined
  /** Resolves when the hang should end (client gone, fault cleared or server stopping). */
  hangUntil(signal: AbortSignal): Promise<void>
  record(request: LoggedRequest): void
  releaseAll(): void
}

/**
 * @param logSize how many calls the request log keeps, the latest ones (0 turns it off);
 *   default {@link DEFAULT_REQUEST_LOG_SIZE}. Memory stays bounded however long the server runs.
 *
 * @example
 * const faults = createFaultController()
 * faults.set({ status: 503, count: 2, retryAfter: 1 })
 */
export function createFaultController(logSize = DEFAULT_REQUEST_LOG_SIZE): FaultController {
  if (!Number.isInteger(logSize) || logSize < 0)
    throw new Error(`request log size ${logSize}: a whole number >= 0`)
  let armed: Fault | undefined
  let left = 0
  // A ring: `next` is where the next call goes once it is full.
  let ring: LoggedRequest[] = []
  let next = 0
  const hanging = new Set<() => void>()

  const releaseAll = () => {
    for (const release of [...hanging]) release()
    hanging.clear()
  }

  return {
    set(fault) {
      const parsed = faultSchema.parse(fault)
      armed = parsed
      left = parsed.count
    },
    clear() {
      armed = undefined
      left = 0
      releaseAll()
    },
    remaining: () => left,
    get requests() {
      return ring.length < logSize ? [...ring] : [...ring.slice(next), ...ring.slice(0, next)]
    },
    logSize,
    clearLog() {
      ring = []
      next = 0
    },
    take(path) {
      if (!armed || left <= 0) return undefined
      if (armed.path && !path.startsWith(armed.path)) return undefined
      const fault = armed
      left -= 1
      if (left === 0) armed = undefined
      return fault
    },
    hangUntil(signal) {
      return new Promise((resolve) => {
        const release = () => {
          hanging.delete(release)
          signal.removeEventListener('abort', release)
          resolve()
        }
        hanging.add(release)
        signal.addEventListener('abort', release, { once: true })
      })
    },
    record(request) {
      if (logSize === 0) return
      if (ring.length < logSize) ring.push(request)
      else {
        ring[next] = request
        next = (next + 1) % logSize
      }
    },
    releaseAll,
  }
}
