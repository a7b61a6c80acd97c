import { defineStorageKey } from 'latchkit/internal'
import * as z from 'zod/mini'

/**
 * What the embedded wallet keeps in the page's storage. No secret is here: the session
 * token stays in the frame's own storage, so the page only remembers that a login exists
 * (to ask the frame after a reload) and a few preferences. The preferred account types go
 * in the kernel's own `preferredAccountTypes` and `smartAccountEnabledNetworks` keys.
 */
export const embeddedWalletKeys = {
  /** A login lives in the frame: the silent reconnect asks it (IS_CONNECTED, then GET_USER). */
  session: defineStorageKey('embeddedWallet:session', z.literal(true)),
  /** The person has logged in by email on this page before. */
  emailLoginUsed: defineStorageKey('embeddedWallet:emailLoginUsed', z.literal(true)),
  /** CAIP-2 id of the network last used through the embedded wallet. */
  lastUsedChain: defineStorageKey('embeddedWallet:lastUsedChain', z.string().check(z.maxLength(64))),
  /** The social account of the login (google, github, ..., farcaster), absent for an email login: shown as the account's socialProvider. */
  socialProvider: defineStorageKey(
    'embeddedWallet:socialProvider',
    z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster']),
  ),
  /** The name and picture the social provider gave (a Farcaster username and profile picture): the account user's userName and avatarUrl. */
  socialUser: defineStorageKey(
    'embeddedWallet:socialUser',
    z.strictObject({
      userName: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
      avatarUrl: z.optional(z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))),
    }),
  ),
  /** When the last email login started (ms since the epoch): the 30 s cooldown counts from it. */
  lastEmailLoginTime: defineStorageKey('embeddedWallet:lastEmailLoginTime', z.number().check(z.gte(0))),
} as const
