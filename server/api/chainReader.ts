/**
 * Reads what the API serves straight from each chain's JSON-RPC through viem: balances of
 * the native currency and the configured tokens, the NFTs a holder owns in the configured
 * (enumerable) collections, gas price, allowances and a block-scan history. No indexer:
 * every answer is read from the chain when asked.
 */
import {
  type Address,
  createPublicClient,
  decodeEventLog,
  erc20Abi,
  formatUnits,
  getAddress,
  http,
  type PublicClient,
  parseAbi,
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

export type HistoryTransfer = {
  kind: 'native' | 'erc20' | 'nft'
  name: string
  symbol: string
  direction: 'in' | 'out' | 'self'
  /** Whole units as text (1 for an NFT). */
  numeric: string
  /** The token contract of an ERC20 or NFT transfer. */
  contract?: Address
  iconUrl?: string
}

export type HistoryEntry = {
  hash: string
  minedAt: string
  from: string
  to: string
  status: 'confirmed' | 'failed'
  operationType: 'send' | 'receive' | 'execute' | 'deploy'
  transfers: HistoryTransfer[]
}

const erc721EnumerableAbi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
])

const jsonDataPrefix = 'data:application/json;base64,'
/** History reads at most this many recent blocks. */
const HISTORY_BLOCK_WINDOW = 2_000n

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

  return {
    chainIds: () => [...served.keys()],
    has: (chainId: number) => served.has(chainId),
    rpcUrl: (chainId: number) => entry(chainId).chain.rpcUrl,
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

    /**
     * Transactions of the last {@link HISTORY_BLOCK_WINDOW} blocks sent by `account` or moving
     * value to it (native, a configured ERC20 or a configured NFT), newest first.
     */
    async history(chainId: number, account: Address): Promise<HistoryEntry[]> {
      const { client, native, tokens, collections } = entry(chainId)
      const me = account.toLowerCase()
      const latest = await client.getBlockNumber()
      const first = latest > HISTORY_BLOCK_WINDOW ? latest - HISTORY_BLOCK_WINDOW : 0n
      const blocks = await Promise.all(
        Array.from({ length: Number(latest - first) + 1 }, (_, i) =>
          client.getBlock({ blockNumber: first + BigInt(i), includeTransactions: true }),
        ),
      )
      const entries: HistoryEntry[] = []
      for (const block of blocks) {
        for (const tx of block.transactions) {
          const receipt = await client.getTransactionReceipt({ hash: tx.hash })
          const transfers: HistoryTransfer[] = []
          const direction = (from: string, to: string): HistoryTransfer['direction'] | undefined => {
            const out = from.toLowerCase() === me
            const incoming = to.toLowerCase() === me
            return out && incoming ? 'self' : out ? 'out' : incoming ? 'in' : undefined
          }
          if (tx.value > 0n) {
            const dir = direction(tx.from, tx.to ?? '')
            if (dir)
              transfers.push({
                kind: 'native',
                name: native.name,
                symbol: native.symbol,
                direction: dir,
                numeric: formatUnits(tx.value, native.decimals),
                ...(native.iconUrl !== undefined && { iconUrl: native.iconUrl }),
              })
          }
          for (const log of receipt.logs) {
            const token = tokens.find((t) => sameAddress(t.address, log.address))
            const collection = collections.find((c) => sameAddress(c.address, log.address))
            if (!token && !collection) continue
            try {
              if (token) {
                const event = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics })
                if (event.eventName !== 'Transfer') continue
                const dir = direction(event.args.from, event.args.to)
                if (!dir) continue
                transfers.push({
                  kind: 'erc20',
                  name: token.name,
                  symbol: token.symbol,
                  direction: dir,
                  numeric: formatUnits(event.args.value, token.decimals),
                  contract: token.address,
                  ...(token.iconUrl !== undefined && { iconUrl: token.iconUrl }),
                })
              } else if (collection) {
                const event = decodeEventLog({ abi: erc721EnumerableAbi, data: log.data, topics: log.topics })
                if (event.eventName !== 'Transfer') continue
                const dir = direction(event.args.from, event.args.to)
                if (!dir) continue
                transfers.push({
                  kind: 'nft',
                  name: `${collection.name} #${event.args.tokenId}`,
                  symbol: collection.symbol,
                  direction: dir,
                  numeric: '1',
                  contract: collection.address,
                })
              }
            } catch {
              // Not a Transfer (Approval and the like): nothing moved.
            }
          }
          const sent = tx.from.toLowerCase() === me
          if (!sent && transfers.length === 0) continue
          entries.push({
            hash: tx.hash,
            minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
            from: getAddress(tx.from),
            to: tx.to ? getAddress(tx.to) : (receipt.contractAddress ?? ''),
            status: receipt.status === 'success' ? 'confirmed' : 'failed',
            operationType: !tx.to ? 'deploy' : transfers.length === 0 ? 'execute' : sent ? 'send' : 'receive',
            transfers,
          })
        }
      }
      return entries.reverse()
    },
  }
}

export type ChainReader = ReturnType<typeof createChainReader>
