import { type Kernel, refreshBalance, refreshTokenBalances } from 'latchkit'
import { onrampHistorySchema } from './onrampSchemas'
import { onrampSlice } from './slice'
import { ONRAMP_POLL_MS, type OnrampPurchase } from './state'

/** What the provider reports for the purchase, as the history API's on-ramp statuses. */
type Outcome = { status: 'completed'; received: string; hash?: string } | { status: 'failed' } | undefined

/**
 * The newest purchase in the provider's history that began after `purchase` started: its
 * outcome, or undefined while it is in progress or not listed yet.
 */
async function readOutcome(kernel: Kernel, purchase: OnrampPurchase): Promise<Outcome> {
  const answer = await kernel.api.request({
    path: `v1/account/${encodeURIComponent(purchase.address)}/history`,
    query: { onramp: purchase.provider || 'default', chainId: purchase.caipNetworkId },
    chainId: purchase.caipNetworkId,
    schema: onrampHistorySchema,
    endpoint: 'GET /v1/account/{account}/history',
    // The provider's status changes by the minute: never a kept answer.
    cache: 'no-cache',
  })
  // A second of slack: the provider's clock and ours need not agree to the millisecond.
  const entry = answer.data.find((item) => Date.parse(item.metadata.minedAt) >= purchase.startedAt - 1000)
  if (!entry) return undefined
  const status = entry.metadata.status
  if (/FAIL/i.test(status)) return { status: 'failed' }
  if (!/SUCCESS|COMPLETE/i.test(status)) return undefined
  const received = entry.transfers?.[0]?.quantity.numeric
  return {
    status: 'completed',
    received: received === undefined ? '' : String(received),
    ...(entry.metadata.hash ? { hash: entry.metadata.hash } : {}),
  }
}

/**
 * Follows the purchase in progress: asks the history API with the provider's on-ramp
 * filter every 4 s (never from a cache) until the provider reports it completed or
 * failed, or the plugin's `timeoutMs` passes (then it failed: 'timeout'). On completion
 * the balances are read again. Returns the function that stops following.
 *
 * @example
 * const stop = watchOnrampPurchase(kernel)
 */
export function watchOnrampPurchase(kernel: Kernel): () => void {
  const slice = onrampSlice(kernel)
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  const settle = (update: Partial<OnrampPurchase>) =>
    slice.set((draft) => {
      if (draft.purchase?.status === 'pending') Object.assign(draft.purchase, update)
    })
  const poll = async () => {
    const purchase = slice.get().purchase
    if (stopped || !purchase || purchase.status !== 'pending') return
    if (Date.now() - purchase.startedAt > slice.get().settings.timeoutMs) {
      settle({ status: 'failed', failure: 'timeout' })
      return
    }
    let outcome: Outcome
    try {
      outcome = await readOutcome(kernel, purchase)
    } catch (error) {
      // A failed poll is not a failed purchase: ask again next time.
      kernel.logger.warn('on-ramp status unavailable; asking again', error)
    }
    if (stopped) return
    if (outcome?.status === 'completed') {
      settle({ status: 'completed', received: outcome.received, ...(outcome.hash && { hash: outcome.hash }) })
      const namespace = kernel.getState().activeNamespace
      if (namespace) {
        void refreshBalance(kernel, { namespace, force: true }).catch(() => {})
        void refreshTokenBalances(kernel, { namespace, force: true }).catch(() => {})
      }
      return
    }
    if (outcome?.status === 'failed') {
      settle({ status: 'failed', failure: 'declined' })
      return
    }
    timer = setTimeout(poll, ONRAMP_POLL_MS)
  }
  void poll()
  return () => {
    stopped = true
    if (timer !== undefined) clearTimeout(timer)
  }
}
