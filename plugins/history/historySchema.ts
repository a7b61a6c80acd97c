/**
 * The history API's answer, checked before anything is shown. Unknown fields pass; a
 * transaction whose required fields are missing fails the whole page (a ValidationError).
 */
import * as z from 'zod/mini'

const text = z.optional(z.nullable(z.string()))
const numeric = z.pipe(
  z.union([z.string().check(z.regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, 'must be numeric')), z.number()]),
  z.transform((value) => String(value)),
)

const transferSchema = z.looseObject({
  fungible_info: z.optional(
    z.nullable(
      z.looseObject({
        name: text,
        symbol: text,
        icon: z.optional(z.nullable(z.looseObject({ url: text }))),
      }),
    ),
  ),
  nft_info: z.optional(
    z.nullable(
      z.looseObject({
        name: text,
        content: z.optional(
          z.nullable(z.looseObject({ preview: z.optional(z.nullable(z.looseObject({ url: text }))) })),
        ),
        flags: z.optional(z.nullable(z.looseObject({ is_spam: z.optional(z.nullable(z.boolean())) }))),
      }),
    ),
  ),
  direction: z.enum(['in', 'out', 'self']),
  sender: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  recipient: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  quantity: z.looseObject({ numeric }),
  value: z.optional(z.nullable(z.number())),
})

const transactionSchema = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  metadata: z.looseObject({
    minedAt: z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date')),
    chain: z.string().check(z.maxLength(80)),
    operationType: z.string().check(z.maxLength(40)),
    status: z.enum(['confirmed', 'failed', 'pending']),
    sentFrom: z.string().check(z.maxLength(100)),
    sentTo: z.string().check(z.maxLength(100)),
    hash: text,
  }),
  transfers: z.array(transferSchema).check(z.maxLength(100)),
  fee: z.optional(
    z.nullable(
      z.looseObject({
        fungible_info: z.optional(z.nullable(z.looseObject({ symbol: text }))),
        quantity: z.looseObject({ numeric }),
      }),
    ),
  ),
})

export const historyAnswerSchema = z.looseObject({
  data: z.array(transactionSchema).check(z.maxLength(500)),
  next: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
})

export type HistoryAnswer = z.output<typeof historyAnswerSchema>
