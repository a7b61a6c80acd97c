/** The names API's answers, checked before anything is shown. Unknown fields pass. */
import * as z from 'zod/mini'

const name = z.string().check(z.minLength(1), z.maxLength(255))

/** `GET /v1/identity/{address}`. The avatar may be a data URI: up to 256,000 characters. */
export const identitySchema = z.looseObject({
  name: z.optional(z.nullable(name)),
  avatar: z.optional(z.nullable(z.string().check(z.maxLength(256_000)))),
})

/** `GET /v1/profile/account/{name}`: the addresses by ENSIP-11 coin type, as decimal text. */
export const nameProfileSchema = z.looseObject({
  name,
  addresses: z.record(z.string(), z.looseObject({ address: z.string().check(z.maxLength(128)) })),
})

/** A name profile: where the name points, by ENSIP-11 coin type as decimal text ('60'). */
export type NameProfile = z.output<typeof nameProfileSchema>

/** `GET /v1/profile/suggestions/{name}`. */
export const suggestionsSchema = z.looseObject({
  suggestions: z.array(z.looseObject({ name, registered: z.boolean() })).check(z.maxLength(50)),
})

/** `POST /v1/profile/account`. */
export const registrationSchema = z.looseObject({ success: z.literal(true) })
