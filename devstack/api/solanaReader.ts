/**
 * The local API's view of the local Solana endpoint: SOL and SPL balances of an owner,
 * read over its JSON-RPC, in the Blockchain API's balance shape. The kernel asks the API
 * for every namespace's balances once an API is configured, so a demo with Solana needs
 * the API to answer for Solana as the hosted one does.
 */
import { address, createSolanaRpc, isAddress } from '@solana/kit'
import { formatUnits } from 'viem'
import type { SolanaFixtureMint } from '../solana/fixtures.js'
import { tokenIconDataUri } from './icons.js'
import { solanaFixtureHues, solanaFixturePrices } from './prices.js'

/** What the server needs to know about the local Solana endpoint. */
export type ApiSolanaChain = {
  rpcUrl: string
  genesisHash: string
  /** The mints it seeds, by symbol (`startSolanaRpc().mints`). */
  mints: Readonly<Record<string, SolanaFixtureMint>>
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
  iconUrl: string
}

export type SolanaReader = {
  /** CAIP-2 id, `solana:` and the first 32 characters of the genesis hash. */
  chainId: string
  isAddress(value: string): boolean
  /** SOL, then each fixture mint the owner holds (ZDT included: filtering is the client's job). */
  balances(owner: string): Promise<SolanaBalanceEntry[]>
}

/**
 * @example
 * const rpc = await startSolanaRpc()
 * const reader = createSolanaReader({ rpcUrl: rpc.url, genesisHash: rpc.genesisHash, mints: rpc.mints })
 * await reader.balances(rpc.accounts[0].address) // [{ symbol: 'SOL', ... }, { symbol: 'LUSD', ... }, ...]
 */
export function createSolanaReader(chain: ApiSolanaChain): SolanaReader {
  const rpc = createSolanaRpc(chain.rpcUrl)
  const chainId = `solana:${chain.genesisHash.slice(0, 32)}`
  const entry = (
    symbol: string,
    name: string,
    decimals: number,
    amount: bigint,
    mint?: string,
  ): SolanaBalanceEntry => {
    const numeric = formatUnits(amount, decimals)
    const price = solanaFixturePrices[symbol] ?? 0
    return {
      name,
      symbol,
      chainId,
      ...(mint ? { address: `${chainId}:${mint}` } : {}),
      value: Math.round(price * Number(numeric) * 1e6) / 1e6,
      price,
      quantity: { decimals: String(decimals), numeric },
      iconUrl: tokenIconDataUri(symbol, solanaFixtureHues[symbol] ?? 0),
    }
  }

  return {
    chainId,
    isAddress: (value) => isAddress(value),
    async balances(owner) {
      const { value: lamports } = await rpc.getBalance(address(owner)).send()
      const held = await Promise.all(
        Object.values(chain.mints).map(async (mint) => {
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
          return amount === 0n
            ? undefined
            : entry(mint.symbol, mint.name, mint.decimals, amount, mint.address)
        }),
      )
      const native = lamports === 0n ? [] : [entry('SOL', 'Solana', 9, lamports)]
      return [...native, ...held.filter((balance) => balance !== undefined)]
    },
  }
}
