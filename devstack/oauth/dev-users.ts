/**
 * The people the local social providers let you log in as: the same few on every
 * provider (each provider gives them its own subject, as real providers do), so a test
 * or a person at the demo can pick one by name.
 */

export type DevUser = {
  /** What the login page's button submits, e.g. `alice`. */
  id: string
  name: string
  email: string
  /** A numeric id, as GitHub, Discord, X and Facebook hand out. */
  number: number
}

export const DEV_USERS: readonly DevUser[] = [
  { id: 'alice', name: 'Alice Example', email: 'alice@example.com', number: 1_001 },
  { id: 'bob', name: 'Bob Example', email: 'bob@example.com', number: 1_002 },
  { id: 'carol', name: 'Carol Example', email: 'carol@example.com', number: 1_003 },
]

/**
 * @example devUser('alice')?.email // 'alice@example.com'
 */
export function devUser(id: string): DevUser | undefined {
  return DEV_USERS.find((user) => user.id === id)
}
