/**
 * `/siwe/*`: the sign-in verifier's routes, served beside the API on its port. The
 * verifier is its own Hono app with its own CORS; it is asked for on every request, so
 * sign-in can start once the app's origin is known. While there is none, those paths answer
 * 501 `SIWE_NOT_CONFIGURED`.
 *
 * Its errors reach the client as JSON like the API's: a path or method the verifier does
 * not serve answers 404 `{ code: 'NOT_FOUND', message }` (its own fallback is plain text),
 * and a failure inside it 500 `{ code: 'INTERNAL', message: 'internal error' }`, its CORS
 * headers kept.
 */
import { type Context, Hono } from 'hono'
import { codeForStatus, errorBody } from '../../http/errorAnswer.js'
import { clip, HttpFailure } from '../httpErrors.js'

const isJson = (response: Response) => /\bjson\b/i.test(response.headers.get('content-type') ?? '')

/**
 * A verifier answer that is not JSON (a 404/405 of a route it lacks) in the servers' one
 * error shape, with its status and headers (CORS) otherwise kept.
 */
function asJson(c: Context, response: Response): Response {
  if (response.status < 400 || isJson(response)) return response
  const status = response.status === 405 ? 404 : response.status
  let message: string
  if (status === 404) message = `no route for ${clip(c.req.method)} ${clip(c.req.path)}`
  else if (status >= 500) {
    console.error(`[latchkit api] sign-in answered ${response.status} to ${c.req.method} ${c.req.path}`)
    message = 'internal error'
  } else message = response.statusText || `status ${status}`
  const headers = new Headers(response.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  response.body?.cancel().catch(() => {})
  return new Response(JSON.stringify(errorBody(codeForStatus(status), message)), { status, headers })
}

export function signInRoutes(verifier: () => Hono | undefined): Hono {
  const routes = new Hono()
  routes.all('/siwe/*', async (c) => {
    const app = verifier()
    if (!app) throw new HttpFailure(501, 'Sign-in is not configured on this server', 'SIWE_NOT_CONFIGURED')
    return asJson(c, await app.fetch(c.req.raw, c.env))
  })
  return routes
}
