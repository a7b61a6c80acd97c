/**
 * Reads what the API serves straight from each chain's JSON-RPC through viem: balances of
 * the native currency and the configured tokens, the NFTs a holder owns in the configured
 * (enumerable) collections, gas price and allowances, and what swaps need from a Uniswap
 * V2 router (its factory, pair reserves, getAmountsOut) and gas estimates, each read from
 * the chain when asked. History is not read here: it comes from an index (historySource.ts).
 */
import {
  type Address,
  createPublicClient,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from 'viem'
import {
  type ChainConfig,
  type ChainNftCollection,
  type ChainToken,
  ETHER,
  type NativeCurrency,
} from './chainConfig.js'

export type AssetBalance = {
  name: string
  symbol: string
  decimals: number
  /** Base units. */
  amount: bigint
  /** Token contract; absent for the native currency. */
  contract?: Address
  iconUrl?: string
}

export type NftHolding = {
  collection: ChainNftCollection
  tokenId: bigint
  name: string
  description: string
  image: string
}

const erc721EnumerableAbi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
])

const uniswapV2Abi = parseAbi([
  'function factory() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])

const jsonDataPrefix = 'data:application/json;base64,'
/** Decodes a `data:application/json;base64,` token URI; anything else is refused. */
export function decodeTokenUri(uri: string): { name: string; description: string; image: string } {
  if (!uri.startsWith(jsonDataPrefix)) throw new Error(`unsupported token URI ${uri.slice(0, 40)}`)
  const json = JSON.parse(Buffer.from(uri.slice(jsonDataPrefix.length), 'base64').toString('utf8')) as Record<
    string,
    unknown
  >
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return { name: text(json.name), description: text(json.description), image: text(json.image) }
}

/**
 * One reader per chain, keyed by chain id.
 *
 * @example
 * const reader = createChainReader([{ chainId: 31337, rpcUrl, tokens: [lusd] }])
 * await reader.balances(31337, '0xf39F…')
 */
export function createChainReader(chains: readonly ChainConfig[]) {
  type Served = {
    client: PublicClient
    chain: ChainConfig
    native: NativeCurrency
    tokens: readonly ChainToken[]
    collections: readonly ChainNftCollection[]
  }
  const served = new Map<number, Served>()
  for (const chain of chains) {
    served.set(chain.chainId, {
      client: createPublicClient({ transport: http(chain.rpcUrl) }),
      chain,
      native: chain.nativeCurrency ?? ETHER,
      tokens: chain.tokens ?? [],
      collections: chain.nftCollections ?? [],
    })
  }

  function entry(chainId: number): Served {
    const found = served.get(chainId)
    if (!found) throw new Error(`chain ${chainId} is not served`)
    return found
  }

  const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  // A router's factory never changes: read once per chain and router.
  const factories = new Map<string, Promise<Address>>()

  return {
    chainIds: () => [...served.keys()],
    has: (chainId: number) => served.has(chainId),
    rpcUrl: (chainId: number) => entry(chainId).chain.rpcUrl,
    /** The configured name, else `Chain <id>`. */
    chainName: (chainId: number) => entry(chainId).chain.name ?? `Chain ${chainId}`,
    nativeCurrency: (chainId: number) => entry(chainId).native,
    tokens: (chainId: number) => entry(chainId).tokens,
    /** The configured token at `address` on the chain, if any. */
    token: (chainId: number, address: string) =>
      entry(chainId).tokens.find((token) => sameAddress(token.address, address)),
    /** The configured NFT collection at `address` on the chain, if any. */
    collection: (chainId: number, address: string) =>
      entry(chainId).collections.find((collection) => sameAddress(collection.address, address)),

    /** Native balance and every configured token balance of `owner`, zero balances included. */
    async balances(chainId: number, owner: Address): Promise<AssetBalance[]> {
      const { client, native, tokens } = entry(chainId)
      const [nativeAmount, ...tokenAmounts] = await Promise.all([
        client.getBalance({ address: owner }),
        ...tokens.map((token) =>
          client.readContract({
            address: token.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [owner],
          }),
        ),
      ])
      return [
        {
          name: native.name,
          symbol: native.symbol,
          decimals: native.decimals,
          amount: nativeAmount as bigint,
          ...(native.iconUrl !== undefined && { iconUrl: native.iconUrl }),
        },
        ...tokens.map((token, i) => ({
          name: token.name,
          symbol: token.symbol,
          decimals: token.decimals,
          amount: tokenAmounts[i] as bigint,
          contract: token.address,
          ...(token.iconUrl !== undefined && { iconUrl: token.iconUrl }),
        })),
      ]
    },

    /** The tokens `owner` holds in each configured collection, with their on-chain metadata. */
    async nfts(chainId: number, owner: Address): Promise<NftHolding[]> {
      const { client, collections } = entry(chainId)
      const perCollection = await Promise.all(
        collections.map(async (collection) => {
          const address = collection.address
          const count = await client.readContract({
            address,
            abi: erc721EnumerableAbi,
            functionName: 'balanceOf',
            args: [owner],
          })
          const ids = await Promise.all(
            Array.from({ length: Number(count) }, (_, index) =>
              client.readContract({
                address,
                abi: erc721EnumerableAbi,
                functionName: 'tokenOfOwnerByIndex',
                args: [owner, BigInt(index)],
              }),
            ),
          )
          return Promise.all(
            ids.map(async (tokenId) => {
              const uri = await client.readContract({
                address,
                abi: erc721EnumerableAbi,
                functionName: 'tokenURI',
                args: [tokenId],
              })
              return { collection, tokenId, ...decodeTokenUri(uri) }
            }),
          )
        }),
      )
      return perCollection.flat()
    },

    async blockNumber(chainId: number): Promise<bigint> {
      return entry(chainId).client.getBlockNumber()
    },

    async gasPrice(chainId: number): Promise<bigint> {
      return entry(chainId).client.getGasPrice()
    },

    async allowance(chainId: number, token: Address, owner: Address, spender: Address): Promise<bigint> {
      return entry(chainId).client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, spender],
      })
    },

    /** The factory of a Uniswap V2 router (its `factory()`). */
    routerFactory(chainId: number, router: Address): Promise<Address> {
      const key = `${chainId}:${router.toLowerCase()}`
      let factory = factories.get(key)
      if (!factory) {
        factory = entry(chainId).client.readContract({
          address: router,
          abi: uniswapV2Abi,
          functionName: 'factory',
        })
        factories.set(key, factory)
        // A failed read (the chain down) is asked again next time.
        factory.catch(() => factories.delete(key))
      }
      return factory
    },

    /**
     * The reserves of the Uniswap V2 pair of `tokenA` and `tokenB` in that order (the pair
     * holds them sorted by address), or undefined when the factory has no such pair.
     */
    async pairReserves(
      chainId: number,
      factory: Address,
      tokenA: Address,
      tokenB: Address,
    ): Promise<readonly [bigint, bigint] | undefined> {
      const { client } = entry(chainId)
      const pair = await client.readContract({
        address: factory,
        abi: uniswapV2Abi,
        functionName: 'getPair',
        args: [tokenA, tokenB],
      })
      if (pair === zeroAddress) return undefined
      const [reserve0, reserve1] = await client.readContract({
        address: pair,
        abi: uniswapV2Abi,
        functionName: 'getReserves',
      })
      return tokenA.toLowerCase() < tokenB.toLowerCase() ? [reserve0, reserve1] : [reserve1, reserve0]
    },

    /** A Uniswap V2 router's `getAmountsOut(amountIn, path)`: the amount after each hop. */
    async amountsOut(chainId: number, router: Address, amountIn: bigint, path: readonly Address[]) {
      return entry(chainId).client.readContract({
        address: router,
        abi: uniswapV2Abi,
        functionName: 'getAmountsOut',
        args: [amountIn, path],
      })
    },

    /** `eth_estimateGas` for a transaction `from` would send; throws when it would revert. */
    async estimateGas(
      chainId: number,
      tx: { from: Address; to: Address; data: Hex; value?: bigint },
    ): Promise<bigint> {
      return entry(chainId).client.estimateGas({
        account: tx.from,
        to: tx.to,
        data: tx.data,
        ...(tx.value !== undefined && { value: tx.value }),
      })
    },
  }
}

export type ChainReader = ReturnType<typeof createChainReader>
