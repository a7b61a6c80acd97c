/**
 * A route's JSON body as middleware, for routes that must refuse a malformed body before
 * any other check (so that a bad request is a 400 whatever else is wrong with it).
 */
import { createMiddleware } from 'hono/factory'
import type * as z from 'zod/mini'
import { readBody } from '../api/parseInput.js'

/**
 * @example
 * routes.post('/v1/email/update/primary', jsonBody(schemas.updateOtpBody, 'POST /v1/email/update/primary'), liveSession, (c) => c.json(c.var.body))
 */
export const jsonBody = <S extends z.core.$ZodType>(schema: S, what: string) =>
  createMiddleware<{ Variables: { body: z.output<S> } }>(async (c, next) => {
    c.set('body', await readBody(c, schema, what))
    await next()
  })
