import { ConfigError } from 'latchkit'
import * as z from 'zod/mini'
import type { FrameTimings } from './createFrameClient'

export interface EmbeddedWalletOptions {
  /**
   * The frame service's base URL, e.g. `https://wallet.example`: the frame page is
   * `${frameUrl}/frame`, and its origin is the only one the widget talks to.
   */
  frameUrl: string
  /** The project the frame service knows the app by. Default: the kernel's `projectId`. */
  projectId?: string
  /** Waits of the frame client (tests shorten them). Default: 20 s load, 500 ms after ready, 30 s login requests. */
  timings?: Partial<FrameTimings>
}

const milliseconds = z.number().check(z.int(), z.gte(0), z.lte(600_000))
const optionsSchema = z.object({
  frameUrl: z.string().check(z.regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'an http:// or https:// URL')),
  projectId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  timings: z.optional(
    z.strictObject({
      loadTimeoutMs: z.optional(milliseconds),
      readyWaitMs: z.optional(milliseconds),
      loginTimeoutMs: z.optional(milliseconds),
    }),
  ),
})

/**
 * Throws a ConfigError naming every bad field, so a wrong frame URL fails at start-up
 * rather than on the visitor's first login.
 *
 * @example
 * checkOptions({ frameUrl: 'https://wallet.example' })
 */
export function checkOptions(options: EmbeddedWalletOptions): void {
  const result = z.safeParse(optionsSchema, options)
  if (result.success) return
  const where = result.error.issues.map((issue) => issue.path.join('.') || '(options)').join(', ')
  throw new ConfigError('Invalid embeddedWallet options', {
    code: 'INVALID_OPTIONS',
    details: `Check ${where}. embeddedWallet({ frameUrl }) needs the http(s) URL of a Latchkit frame service.`,
  })
}
