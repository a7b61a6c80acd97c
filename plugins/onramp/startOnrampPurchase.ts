import { type Kernel, ValidationError } from 'latchkit'
import { accountInView } from 'latchkit/internal'
import { checkOnrampAmount } from './checkOnrampAmount'
import { onrampMessages } from './messages'
import { onrampUrlSchema } from './onrampSchemas'
import { onrampSlice } from './slice'
import type { OnrampPurchase } from './state'

/** A fresh id for the provider to file the purchase under (the widget keeps no account). */
function partnerUserId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `lk-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/**
 * Asks the API for `provider`'s checkout page for the Buy form (the connected account and
 * network as the destination, the amount preset) and records the purchase as in progress.
 * Returns it; the caller opens `purchase.url`. Throws the amount's ValidationError, or
 * ONRAMP_NOT_CONNECTED without an account.
 *
 * @example
 * const purchase = await startOnrampPurchase(kernel, 'latchramp')
 * popup.location.href = purchase.url
 */
export async function startOnrampPurchase(kernel: Kernel, provider: string): Promise<OnrampPurchase> {
  const slice = onrampSlice(kernel)
  const form = slice.get()
  const { network, address } = accountInView(kernel)
  if (!network || !address) {
    throw new ValidationError(onrampMessages.ONRAMP_NOT_CONNECTED, { code: 'ONRAMP_NOT_CONNECTED' })
  }
  const fiatAmount = checkOnrampAmount(form)
  const symbol = form.purchaseCurrency
  if (!symbol)
    throw new ValidationError(onrampMessages.ONRAMP_CURRENCY_REQUIRED, { code: 'ONRAMP_CURRENCY_REQUIRED' })
  const startedAt = Date.now()
  const { url } = await kernel.api.request({
    method: 'POST',
    path: 'v1/generators/onrampurl',
    body: {
      destinationWallets: [{ address, blockchains: [network.caipNetworkId], assets: [symbol] }],
      defaultNetwork: network.caipNetworkId,
      partnerUserId: partnerUserId(),
      defaultExperience: 'buy',
      presetFiatAmount: fiatAmount,
      fiatCurrency: form.paymentCurrency,
      ...(provider && { provider }),
    },
    chainId: network.caipNetworkId,
    schema: onrampUrlSchema,
    endpoint: 'POST /v1/generators/onrampurl',
    cache: 'no-cache',
  })
  const purchase: OnrampPurchase = {
    provider,
    providerName: form.options?.providers.find((p) => p.id === provider)?.name ?? provider,
    url,
    address,
    caipNetworkId: network.caipNetworkId,
    fiatAmount,
    fiatCurrency: form.paymentCurrency,
    symbol,
    startedAt,
    status: 'pending',
  }
  slice.set((draft) => {
    draft.purchase = purchase
  })
  return purchase
}
