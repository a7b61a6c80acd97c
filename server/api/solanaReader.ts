/**
 * The API's view of a Solana cluster: SOL and SPL balances of an owner, read over its
 * JSON-RPC, in the Blockchain API's balance shape. The widget asks the API for every
 * namespace's balances once an API is configured, so an app with Solana needs the API to
 * answer for Solana too.
 */
import { address, createSolanaRpc, isAddress } from '@solana/kit'
import { formatUnits } from 'viem'
import { type PriceSource, roundUsd } from './priceSource.js'

/** An SPL mint whose balances the API reports. */
export type SolanaMint = {
  address: string
  name: string
  symbol: string
  decimals: number
  /** A `data:image/...` or https URL; never markup. */
  iconUrl?: string
}

/** What the API needs to know about the Solana cluster it serves. */
export type SolanaChainConfig = {
  rpcUrl: string
  genesisHash: string
  mints: readonly SolanaMint[]
  /** The icon of SOL itself. */
  nativeIconUrl?: string
}

/** One entry of GET /v1/account/{address}/balance. */
export type SolanaBalanceEntry = {
  name: string
  symbol: string
  chainId: string
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl?: string
}

export type SolanaReader = {
  /** CAIP-2 id, `solana:` and the first 32 characters of the genesis hash. */
  chainId: string
  isAddress(value: string): boolean
  /** The configured mints. */
  mints: readonly SolanaMint[]
  /** The configured mint at `address`, if any. */
  mint(address: string): SolanaMint | undefined
  /** The icon of SOL, when configured. */
  nativeIconUrl: string | undefined
  /** SOL, then each configured mint the owner holds (whatever its quality: filtering is the client's job). */
  balances(owner: string): Promise<SolanaBalanceEntry[]>
}

/**
 * @example
 * const reader = createSolanaReader({ rpcUrl, genesisHash, mints: [lusd] }, prices)
 * await reader.balances(owner) // [{ symbol: 'SOL', ... }, { symbol: 'LUSD', ... }]
 */
export function createSolanaReader(chain: SolanaChainConfig, prices: PriceSource): SolanaReader {
  const rpc = createSolanaRpc(chain.rpcUrl)
  const chainId = `solana:${chain.genesisHash.slice(0, 32)}`
  const entry = async (
    asset: { name: string; symbol: string; decimals: number; iconUrl?: string | undefined },
    amount: bigint,
    mint?: string,
  ): Promise<SolanaBalanceEntry> => {
    const numeric = formatUnits(amount, asset.decimals)
    const price = (await prices.usd({ chainId, symbol: asset.symbol, ...(mint && { address: mint }) })) ?? 0
    return {
      name: asset.name,
      symbol: asset.symbol,
      chainId,
      ...(mint ? { address: `${chainId}:${mint}` } : {}),
      value: roundUsd(price * Number(numeric)),
      price,
      quantity: { decimals: String(asset.decimals), numeric },
      ...(asset.iconUrl !== undefined && { iconUrl: asset.iconUrl }),
    }
  }

  return {
    chainId,
    isAddress: (value) => isAddress(value),
    mints: chain.mints,
    mint: (mintAddress) => chain.mints.find((mint) => mint.address === mintAddress),
    nativeIconUrl: chain.nativeIconUrl,
    async balances(owner) {
      const { value: lamports } = await rpc.getBalance(address(owner)).send()
      const held = await Promise.all(
        chain.mints.map(async (mint) => {
          const { value } = await rpc
            .getTokenAccountsByOwner(
              address(owner),
              { mint: address(mint.address) },
              { encoding: 'jsonParsed' },
            )
            .send()
          const amount = value.reduce(
            (sum, { account }) => sum + BigInt(account.data.parsed.info.tokenAmount.amount),
            0n,
          )
          return amount === 0n ? undefined : entry(mint, amount, mint.address)
        }),
      )
      const sol = { name: 'Solana', symbol: 'SOL', decimals: 9, iconUrl: chain.nativeIconUrl }
      const native = lamports === 0n ? [] : [await entry(sol, lamports)]
      return [...native, ...held.filter((balance) => balance !== undefined)]
    },
  }
}
