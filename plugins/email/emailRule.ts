import * as z from 'zod/mini'

const emailSchema = z.email()

/**
 * Whether `text` is an email address as the frame protocol accepts it; checked before
 * anything is sent.
 *
 * @example
 * isEmail('ada@example.com') // true
 * isEmail('ada@') // false
 */
export function isEmail(text: string): boolean {
  return text.length <= 254 && z.safeParse(emailSchema, text).success
}
