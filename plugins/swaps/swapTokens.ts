import type { AccountState, Network, TokenBalance } from 'latchkit'
import { NATIVE_TOKEN_ADDRESS, type SwapToken } from './state'

/**
 * A token's id as the swap API writes it: CAIP-10 on `chainId`, the native currency as the
 * all-`e` address, contract addresses lower-cased so ids compare as strings.
 *
 * @example
 * swapTokenId('eip155:1', undefined) // 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
 */
export function swapTokenId(chainId: string, address: string | undefined): string {
  const plain = address?.split(':').at(-1)
  return `${chainId}:${(plain || NATIVE_TOKEN_ADDRESS).toLowerCase()}`
}

/** True when two ids name one token. */
export function sameToken(a: SwapToken | undefined, b: SwapToken | undefined): boolean {
  return a !== undefined && b !== undefined && a.address.toLowerCase() === b.address.toLowerCase()
}

/** True for the network's own currency. */
export function isNativeSwapToken(token: SwapToken): boolean {
  return token.address.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS}`)
}

/** The contract address of a token (the part after the chain), or undefined for the native currency. */
export function swapTokenContract(token: SwapToken): string | undefined {
  return isNativeSwapToken(token) ? undefined : token.address.split(':').at(-1)
}

function fromBalance(balance: TokenBalance): SwapToken {
  return {
    address: swapTokenId(balance.chainId, balance.address),
    symbol: balance.symbol,
    name: balance.name,
    decimals: Number(balance.quantity.decimals),
    balance: balance.quantity.numeric,
    price: Number.isFinite(balance.price) ? balance.price : 0,
    ...(balance.iconUrl ? { logoUri: balance.iconUrl } : {}),
  }
}

/**
 * What the account holds on `network` as swap tokens: its token balances when something
 * read them, else its native balance alone.
 *
 * @example
 * heldSwapTokens(account, network) // [{ symbol: 'ETH', balance: '9.5', ... }, { symbol: 'LUSD', ... }]
 */
export function heldSwapTokens(
  account: Pick<AccountState, 'tokenBalance' | 'balance' | 'balanceSymbol'>,
  network: Network,
): SwapToken[] {
  const onNetwork = account.tokenBalance.filter((token) => token.chainId === network.caipNetworkId)
  if (onNetwork.length > 0) return onNetwork.map(fromBalance)
  if (account.balance === undefined) return []
  return [
    {
      address: swapTokenId(network.caipNetworkId, undefined),
      symbol: account.balanceSymbol ?? network.nativeCurrency.symbol,
      name: network.nativeCurrency.name,
      decimals: network.nativeCurrency.decimals,
      balance: account.balance,
      price: 0,
    },
  ]
}

/**
 * The picker's two lists: the tokens the account holds (with balances and prices), and
 * the API's other tokens, each once. A held token takes the API's icon when it has none.
 *
 * @example
 * const { held, suggested } = swapTokenLists(heldSwapTokens(account, network), apiTokens)
 */
export function swapTokenLists(
  held: readonly SwapToken[],
  fromApi: readonly SwapToken[],
): { held: SwapToken[]; suggested: SwapToken[] } {
  const api = new Map(fromApi.map((token) => [token.address.toLowerCase(), token]))
  const heldWithIcons = held.map((token) => {
    const known = api.get(token.address.toLowerCase())
    return token.logoUri || !known?.logoUri ? token : { ...token, logoUri: known.logoUri }
  })
  const heldIds = new Set(held.map((token) => token.address.toLowerCase()))
  return {
    held: heldWithIcons,
    suggested: fromApi.filter((token) => !heldIds.has(token.address.toLowerCase())),
  }
}

/**
 * Tokens whose symbol, name or address contains `search` (case-insensitive).
 *
 * @example
 * searchSwapTokens(tokens, 'usd') // [{ symbol: 'LUSD', ... }]
 */
export function searchSwapTokens(tokens: readonly SwapToken[], search: string): SwapToken[] {
  const query = search.trim().toLowerCase()
  if (!query) return [...tokens]
  return tokens.filter(
    (token) =>
      token.symbol.toLowerCase().includes(query) ||
      token.name.toLowerCase().includes(query) ||
      token.address.toLowerCase().includes(query),
  )
}
