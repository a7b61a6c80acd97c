import type { AccountState, Network, TokenBalance } from 'latchkit'

/**
 * What the account can send on `network`: its token balances when something has read
 * them (the Tokens tab, an API), otherwise the native balance as the only token, so Send
 * works with nothing but an RPC URL.
 *
 * @example
 * sendableTokens(account, caipNetwork) // [{ symbol: 'ETH', quantity: { decimals: '18', numeric: '1.5' }, ... }]
 */
export function sendableTokens(
  account: Pick<AccountState, 'tokenBalance' | 'balance' | 'balanceSymbol'>,
  network: Network | undefined,
): TokenBalance[] {
  if (!network) return []
  const onNetwork = account.tokenBalance.filter(
    // Zero-decimal tokens are low quality and not offered.
    (token) => token.chainId === network.caipNetworkId && Number(token.quantity.decimals) > 0,
  )
  if (onNetwork.length > 0) return onNetwork
  if (account.balance === undefined) return []
  return [
    {
      name: network.nativeCurrency.name,
      symbol: account.balanceSymbol ?? network.nativeCurrency.symbol,
      chainId: network.caipNetworkId,
      // Without an API there is no price: amounts show, values do not.
      price: 0,
      quantity: { decimals: String(network.nativeCurrency.decimals), numeric: account.balance },
    },
  ]
}

/** True for the network's own currency (it has no contract address). */
export function isNativeToken(token: TokenBalance): boolean {
  return token.address === undefined || token.address === ''
}

/**
 * The contract (or mint) address the adapter needs: balances carry it as CAIP-10
 * (`eip155:1:0xabc...`) or plain; undefined for the native currency.
 *
 * @example
 * tokenAddressOf({ address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3', ... })
 * // '0x5FbDB2315678afecb367f032d93F642f64180aa3'
 */
export function tokenAddressOf(token: TokenBalance): string | undefined {
  if (isNativeToken(token)) return undefined
  return (token.address as string).split(':').at(-1)
}

/** A stable key for a token on a network (a `<select>` value, a comparison). */
export function tokenKey(token: TokenBalance): string {
  return `${token.chainId}/${tokenAddressOf(token) ?? 'native'}`
}

/**
 * The native balance's worth in USD as a decimal string ('0' without a native balance or
 * a price): the send state's `networkBalanceInUSD`.
 *
 * @example
 * networkBalanceInUSD([{ quantity: { numeric: '2', decimals: '18' }, price: 3000, ... }]) // '6000.00'
 */
export function networkBalanceInUSD(tokens: readonly TokenBalance[]): string {
  const native = tokens.find(isNativeToken)
  if (!native?.price) return '0'
  const worth = Number(native.quantity.numeric) * native.price
  return Number.isFinite(worth) ? worth.toFixed(2) : '0'
}
