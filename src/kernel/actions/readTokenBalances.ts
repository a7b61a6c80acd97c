/**
 * Reads an account's token balances from the first source that has them: the wallet's
 * `wallet_getAssets`, the Blockchain API, then the adapter over RPC. Low-quality tokens
 * (zero decimals) are dropped and the rest sorted by value. Imported by
 * refreshTokenBalances on its first read.
 */
import { walletAssetsSchema } from '../api/assetSchemas'
import { getAccountBalance } from '../api/getAccountBalance'
import { assetsToTokenBalances, filterLowQualityTokens, sortByValue } from '../api/tokenBalances'
import { latchError } from '../errors'
import type { Kernel } from '../kernelTypes'
import type { ChainNamespace, Network, TokenBalance } from '../types'
import { parseWith } from '../validation'

/** Where the balances came from, in the order they are tried. */
export type TokenBalanceSource = 'wallet' | 'api' | 'adapter'

/**
 * @example
 * const { source, balances } = await readTokenBalances(kernel, 'eip155', address, network, false)
 */
export async function readTokenBalances(
  kernel: Kernel,
  namespace: ChainNamespace,
  address: string,
  network: Network,
  force: boolean,
): Promise<{ source: TokenBalanceSource; balances: TokenBalance[] }> {
  const { source, balances } = await readBalances(kernel, namespace, address, network, force)
  return { source, balances: sortByValue(filterLowQualityTokens(balances)) }
}

async function readBalances(
  kernel: Kernel,
  namespace: ChainNamespace,
  address: string,
  network: Network,
  force: boolean,
): Promise<{ source: TokenBalanceSource; balances: TokenBalance[] }> {
  const adapter = kernel.adapters.get(namespace)
  const connectorId = kernel.getState().connectorIds[namespace]
  const connector = connectorId ? kernel.connectors.get(connectorId) : undefined

  if (adapter?.getAssets && connector) {
    try {
      const assets = await adapter.getAssets({ connector, address, network })
      if (assets !== undefined) {
        const parsed = parseWith(walletAssetsSchema, assets, 'wallet_getAssets')
        return { source: 'wallet', balances: assetsToTokenBalances(parsed, network.caipNetworkId) }
      }
    } catch (error) {
      // The wallet said it can but did not: the next source still gives the visitor figures.
      kernel.logger.warn('wallet_getAssets failed; reading balances elsewhere', error)
    }
  }

  if (kernel.api.url('blockchain')) {
    const balances = await getAccountBalance(kernel.api, {
      address,
      chainId: network.caipNetworkId,
      forceUpdate: force,
    })
    return { source: 'api', balances }
  }

  if (adapter?.getTokenBalances) {
    return { source: 'adapter', balances: await adapter.getTokenBalances({ address, network }) }
  }
  if (adapter?.getBalance) {
    const { balance, symbol } = await adapter.getBalance({ address, network })
    return {
      source: 'adapter',
      balances: [
        {
          name: network.nativeCurrency.name,
          symbol,
          chainId: network.caipNetworkId,
          // No price without an API: the amount is shown, the value is unknown.
          price: 0,
          quantity: { decimals: String(network.nativeCurrency.decimals), numeric: balance },
        },
      ],
    }
  }
  throw latchError('CHAIN_ADAPTER_NOT_FOUND', {}, { details: `No balance source for ${namespace}` })
}
