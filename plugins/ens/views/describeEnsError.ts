import { LatchError } from 'latchkit'
import type { Translate } from 'latchkit/react'
import { describeFailure } from 'latchkit/react/views'
import { apiReason } from '../apiReason'

/**
 * The visitor's words for a failed names request: the API's own reason when it gave one
 * ('alice.latch.id is already registered'), else `ens.error.<code>` with `values` filled
 * in (the plugin's English messages by default, a locale may translate them), else what
 * `describeFailure` says (a kernel or wallet error in the locale, plus the reason a wallet
 * gave). Anything that is not a LatchError is 'Something went wrong'.
 *
 * @example
 * describeEnsError(error, t, { name: 'alice.latch.id' }) // 'Error registering name alice.latch.id'
 */
export function describeEnsError(reason: unknown, t: Translate, values: Record<string, string> = {}): string {
  if (!(reason instanceof LatchError)) return t('ens.failed')
  const said = apiReason(reason)
  if (said && reason.code !== 'ENS_SIGNATURE_DECLINED') return said
  const key = `ens.error.${reason.code}`
  const text = t(key, values)
  return text === key ? describeFailure(reason, t('ens.failed'), t) : text
}
