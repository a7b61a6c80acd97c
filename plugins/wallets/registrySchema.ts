import * as z from 'zod/mini'

const optionalText = z.optional(z.nullable(z.string()))

/** One wallet of a GET /getWallets answer; fields the list does not use are kept as they come. */
export const registryWalletSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  // null and absent both mean no image.
  image_id: z.pipe(
    optionalText,
    z.transform((value) => value ?? undefined),
  ),
  rdns: optionalText,
  chains: z.optional(z.array(z.string())),
  mobile_link: optionalText,
  desktop_link: optionalText,
  webapp_link: optionalText,
})

/** A GET /getWallets answer: the total after filtering and one page. */
export const walletsAnswerSchema = z.object({
  count: z.number().check(z.nonnegative()),
  data: z.array(registryWalletSchema),
})

export type WalletsAnswer = z.output<typeof walletsAnswerSchema>
