/**
 * The fault switch and request log over HTTP, for tests of the client's failure paths:
 * a middleware that logs every call and applies the armed fault, and the `/__faults` and
 * `/__requests` routes that arm it and read the log. The routes are dev routes
 * (createApiApp's `devRoutes`): only scripts on this machine reach them.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { readBody } from '../../server/api/parseInput.js'
import { answerError, codeForStatus } from '../../server/http/errorAnswer.js'
import { type FaultController, faultSchema } from './faults.js'

/** The body a malformed fault answers with: JSON, but no endpoint's shape. */
export const MALFORMED_BODY = [{ malformed: true }]

/** Logs each call (with a timestamp from `now`, in ms) before applying the armed fault; the switch itself is left alone. */
export function faultMiddleware(faults: FaultController, now: () => number): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path
    if (path.startsWith('/__') || c.req.method === 'OPTIONS') return next()
    const fault = faults.take(path)
    const kind = fault ? (fault.hang ? 'hang' : fault.malformed ? 'malformed' : 'status') : undefined
    if (faults.logSize > 0) {
      faults.record({
        method: c.req.method,
        path,
        query: c.req.query(),
        at: now(),
        ...(kind ? { fault: kind } : {}),
      })
    }
    if (!fault) return next()
    if (fault.hang) {
      await faults.hangUntil(c.req.raw.signal)
      return c.body(null, 503)
    }
    if (fault.malformed) return c.json(MALFORMED_BODY, 200)
    if (fault.retryAfter !== undefined) c.header('Retry-After', String(fault.retryAfter))
    const status = fault.status ?? 503
    return answerError(c, status, codeForStatus(status), `injected fault: ${status}`)
  }
}

export function faultRoutes(faults: FaultController): Hono {
  const routes = new Hono()
  routes.post('/__faults', async (c) => {
    const fault = await readBody(c, faultSchema, 'fault')
    faults.set(fault)
    return c.json({ armed: fault, remaining: faults.remaining() })
  })
  routes.delete('/__faults', (c) => {
    faults.clear()
    return c.json({ remaining: 0 })
  })
  routes.get('/__requests', (c) =>
    faults.logSize > 0
      ? c.json({ requests: faults.requests })
      : answerError(
          c,
          404,
          'NOT_FOUND',
          'the request log is off: startApiServer({ requestLog }) turns it on',
        ),
  )
  routes.delete('/__requests', (c) => {
    faults.clearLog()
    return c.json({ requests: [] })
  })
  return routes
}
