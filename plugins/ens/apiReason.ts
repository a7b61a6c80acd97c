import { HttpError, LatchError } from 'latchkit'

/** The longest reason shown: a server's sentence, not a page it sent by mistake. */
const MAX_REASON_LENGTH = 200

/** The HttpError behind `error`, however deep the retries and wrappers put it. */
export function httpErrorOf(error: unknown): HttpError | undefined {
  let current = error
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof HttpError) return current
    current = current instanceof LatchError || current instanceof Error ? current.cause : undefined
  }
  return undefined
}

/**
 * What the names API said was wrong: the `description` of the first of the `reasons` its
 * JSON error carries (`{ message, code, reasons: [{ description }] }`), or undefined when
 * the failure did not come with one (offline, a timeout, an answer of another shape). The
 * names features show it instead of their own generic message.
 *
 * @example
 * apiReason(error) ?? 'Error resolving name' // 'alice.latch.id is already registered'
 */
export function apiReason(error: unknown): string | undefined {
  const data = httpErrorOf(error)?.data
  const body = data && typeof data === 'object' ? (data as { body?: unknown }).body : undefined
  const reasons = body && typeof body === 'object' ? (body as { reasons?: unknown }).reasons : undefined
  const first = Array.isArray(reasons) ? (reasons[0] as { description?: unknown } | undefined) : undefined
  const text = typeof first?.description === 'string' ? first.description.trim() : ''
  if (text === '') return undefined
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH)}…` : text
}
