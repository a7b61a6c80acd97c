/** The project's allowed origins, as the widget reads them before it embeds the frame. */
import { Hono } from 'hono'
import { readQuery } from '../../api/parseInput.js'
import type { FrameContext } from '../frameContext.js'
import * as schemas from '../schemas.js'

export function originRoutes(ctx: FrameContext): Hono {
  const routes = new Hono()

  routes.get('/projects/v1/origins', (c) => {
    const { projectId } = readQuery(c, schemas.projectQuery, 'GET /projects/v1/origins')
    return c.json({ allowedOrigins: ctx.projectOrigins(projectId) })
  })

  return routes
}
