import { describeRpcCode, messages, rpcCodes } from 'latchkit/internal'

/**
 * The English messages of the kernel's errors and of the wallet and JSON-RPC codes, as
 * `error.<code>` strings: the keys a locale translates them under, and what a translator
 * works from (the locale test checks every locale against them). They are not registered
 * as defaults and nothing in the widget imports them: the errors already carry their
 * English message and the values it was filled with (see translateError).
 *
 * @example
 * errorStrings['error.USER_REJECTED'] // 'User rejected the request'
 */
export const errorStrings: Record<string, string> = Object.fromEntries(
  [
    ...Object.entries(messages),
    ...Object.values(rpcCodes).map((rpcCode) => {
      const kind = describeRpcCode(rpcCode)
      return [kind.code, kind.message] as const
    }),
  ].map(([code, message]) => [`error.${code}`, message]),
)
