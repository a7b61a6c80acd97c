/** The project's settings as clients read them: whether analytics is on, and the origins allowed to embed the widget. */
import { Hono } from 'hono'
import type { ApiContext } from '../apiContext.js'
import { readQuery } from '../parseInput.js'
import { projectOnly } from '../schemaParts.js'

export function projectRoutes({ settings }: ApiContext): Hono {
  const routes = new Hono()
  routes.get('/getAnalyticsConfig', (c) => {
    readQuery(c, projectOnly, 'GET /getAnalyticsConfig')
    return c.json({ isAnalyticsEnabled: settings.analyticsEnabled })
  })
  routes.get('/projects/v1/origins', (c) => {
    readQuery(c, projectOnly, 'GET /projects/v1/origins')
    return c.json({ allowedOrigins: [...settings.allowedOrigins] })
  })
  return routes
}
