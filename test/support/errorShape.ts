import { expect } from 'vitest'
import { ERROR_CODE_PATTERN } from '../../server/http/errorAnswer.js'

/**
 * Asserts a failure answer is the servers' one error shape: a 4xx with JSON
 * `{ code: 'UPPER_SNAKE', message, details? }`, plus only the older fields a service still
 * sends for one release (`compat`).
 *
 * @example
 * await expectErrorShape(await fetch(`${url}/v1/nothing`), 404, 'NOT_FOUND')
 */
export async function expectErrorShape(
  response: Response,
  status: number,
  code: string,
  compat: readonly string[] = [],
): Promise<Record<string, unknown>> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  expect(status).toBeGreaterThanOrEqual(400)
  expect(status).toBeLessThan(500)
  expect(response.headers.get('content-type')).toContain('application/json')
  const body = JSON.parse(text) as Record<string, unknown>
  expect(body.code).toBe(code)
  expect(body.code).toMatch(ERROR_CODE_PATTERN)
  expect(typeof body.message).toBe('string')
  expect((body.message as string).length).toBeGreaterThan(0)
  if ('details' in body) expect(typeof body.details).toBe('object')
  const allowed = new Set(['code', 'message', 'details', ...compat])
  expect(Object.keys(body).filter((key) => !allowed.has(key))).toEqual([])
  return body
}
