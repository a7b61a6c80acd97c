/**
 * The frame itself: its page, under a Content-Security-Policy that lets only the project's
 * allowed origins embed it, and its script.
 */
import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { FrameContext } from '../frameContext.js'
import { frameContentSecurityPolicy, framePage, messagePage, STATIC_PAGE_POLICY } from '../framePage.js'
import * as schemas from '../schemas.js'

export function framePageRoutes(ctx: FrameContext): Hono {
  const routes = new Hono()
  let frameScript: Promise<string | undefined> | undefined

  routes.get('/frame', (c) => {
    const query = z.safeParse(schemas.projectQuery, c.req.query())
    const origins = query.success ? ctx.projects.get(query.data.projectId) : undefined
    if (!origins) {
      c.header('Content-Security-Policy', STATIC_PAGE_POLICY)
      return c.html(
        messagePage('Unknown project', 'No project with this id is configured on this service.'),
        400,
      )
    }
    c.header('Content-Security-Policy', frameContentSecurityPolicy(origins))
    c.header('Referrer-Policy', 'no-referrer')
    c.header('Cache-Control', 'no-cache')
    return c.html(framePage())
  })

  routes.get('/frame/frame.js', async (c) => {
    frameScript ??= ctx.loadFrameScript().then((script) => {
      // Not cached while absent: it may be built while the service runs.
      if (script === undefined) frameScript = undefined
      return script
    })
    const script = await frameScript.catch((error: unknown) => {
      frameScript = undefined
      throw error
    })
    if (script === undefined) return ctx.fail(c, 'NOT_FOUND', 'The frame script is not built')
    c.header('Cache-Control', 'no-cache')
    return c.body(script, 200, { 'content-type': 'text/javascript; charset=utf-8' })
  })

  return routes
}
