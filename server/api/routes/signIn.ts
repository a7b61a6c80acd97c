/**
 * `/siwe/*`: the sign-in verifier's routes, served beside the API on its port. The
 * verifier is its own Hono app with its own CORS; it is asked for on every request, so
 * sign-in can start once the app's origin is known. While there is none, those paths are 404.
 */
import { Hono } from 'hono'
import { HttpFailure } from '../httpErrors.js'

export function signInRoutes(verifier: () => Hono | undefined): Hono {
  const routes = new Hono()
  routes.all('/siwe/*', (c) => {
    const app = verifier()
    if (!app) throw new HttpFailure(404, 'sign-in is not served by this API instance')
    return app.fetch(c.req.raw, c.env)
  })
  return routes
}
