import { describeRpcCode, messages, rpcCodes } from 'latchkit/internal'

/**
 * The English messages of the kernel's errors and of the wallet and JSON-RPC codes, as
 * `error.<code>` strings. The provider registers them as defaults, so a locale translates
 * what `describeFailure` shows by the error's code.
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
