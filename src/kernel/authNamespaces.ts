/**
 * Auth connectors (email and social login on an embedded wallet) exist only for EVM and
 * Solana: the one rule that names chain families, kept as data so no code path branches
 * on a namespace itself. The kernel refuses an auth connector anywhere else; the
 * embedded wallet serves exactly these.
 */
export const AUTH_NAMESPACES = ['eip155', 'solana'] as const

/** A chain family an auth connector may serve. */
export type AuthNamespace = (typeof AUTH_NAMESPACES)[number]
