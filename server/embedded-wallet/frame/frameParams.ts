/**
 * The frame page's query: `?projectId=<id>&chainId=<caip2>&version=<sdk version>&enableLogger=<true|false>`.
 */
import * as z from 'zod/mini'
import { caip2Schema } from './protocol/messages.js'

const frameQuery = z.object({
  projectId: z.string().check(z.minLength(1), z.maxLength(128)),
  // Checked on its own below: a chain the frame does not serve is not a reason to stay silent.
  chainId: z.optional(z.string()),
  version: z.optional(z.string().check(z.maxLength(64))),
  enableLogger: z.optional(z.enum(['true', 'false'])),
})

export interface FrameParams {
  projectId: string
  /** The chain the widget starts on; eip155:1 when it named none or one that is not EVM or Solana. */
  chainId: string
  version: string | undefined
  enableLogger: boolean
}

/**
 * @example readFrameParams('?projectId=demo&chainId=eip155%3A31337&enableLogger=true')
 */
export function readFrameParams(search: string): FrameParams | undefined {
  const parsed = z.safeParse(frameQuery, Object.fromEntries(new URLSearchParams(search)))
  if (!parsed.success) return undefined
  return {
    projectId: parsed.data.projectId,
    chainId: z.safeParse(caip2Schema, parsed.data.chainId).success
      ? (parsed.data.chainId as string)
      : 'eip155:1',
    version: parsed.data.version,
    enableLogger: parsed.data.enableLogger === 'true',
  }
}
