import { describeRpcCode, messages, rpcCodes } from 'latchkit/internal'

/**
 * The English messages of the kernel's errors and of the wallet and JSON-RPC codes, as
 * `error.<code>` strings: the keys a locale translates them under. They are not registered
 * as defaults (the errors already carry them); translateError reads them to know an
 * error's English message and the placeholders in it, and loads with the views that show
 * failures, not at start-up.
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
