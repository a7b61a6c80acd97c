/**
 * The message a person signs to register a name: JSON with the name, its attributes and
 * the moment it was signed. The moment bounds how long a signed registration can be
 * replayed: one older than {@link MESSAGE_MAX_AGE_SECONDS} (or from the future, past a
 * small clock skew) is refused.
 */
import * as z from 'zod/mini'
import { BadRequest } from '../api/httpErrors.js'

/** How old a signed registration may be when it arrives. */
export const MESSAGE_MAX_AGE_SECONDS = 300
/** How far ahead of the server's clock a signer's clock may run. */
export const CLOCK_SKEW_SECONDS = 60

const ATTRIBUTE_KEYS = ['avatar', 'bio'] as const

const registrationMessage = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(255)),
  attributes: z.optional(z.partialRecord(z.enum(ATTRIBUTE_KEYS), z.string().check(z.maxLength(2048)))),
  timestamp: z.number().check(z.int()),
})

/** What a registration message says. */
export type RegistrationMessage = {
  name: string
  attributes: Partial<Record<(typeof ATTRIBUTE_KEYS)[number], string>>
  timestamp: number
}

/**
 * Reads a signed registration message, refusing one that is not the JSON above
 * (`MESSAGE_INVALID`) or was signed outside the window (`TIMESTAMP_OUT_OF_WINDOW`).
 *
 * @example
 * readRegistrationMessage(JSON.stringify({ name: 'alice.latch.id', attributes: {}, timestamp: now }), now)
 */
export function readRegistrationMessage(message: string, nowSeconds: number): RegistrationMessage {
  let json: unknown
  try {
    json = JSON.parse(message)
  } catch {
    throw new BadRequest('message must be JSON: { name, attributes, timestamp }', 'MESSAGE_INVALID')
  }
  const parsed = registrationMessage.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new BadRequest(
      `message ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}; expected { name, attributes, timestamp }`,
      'MESSAGE_INVALID',
    )
  }
  const { name, attributes, timestamp } = parsed.data
  const age = nowSeconds - timestamp
  if (age > MESSAGE_MAX_AGE_SECONDS || age < -CLOCK_SKEW_SECONDS) {
    throw new BadRequest(
      `the message was signed ${age > 0 ? `${age} s ago` : `${-age} s ahead of this server's clock`}; sign again (it is taken for ${MESSAGE_MAX_AGE_SECONDS} s)`,
      'TIMESTAMP_OUT_OF_WINDOW',
    )
  }
  return { name, attributes: attributes ?? {}, timestamp }
}
