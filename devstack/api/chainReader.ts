/**
 * Reads what the local API serves straight from the local chains through viem: balances
 * of the native currency and the fixture tokens, the fixture NFTs a holder owns (through
 * the enumerable ERC-721), gas price, allowances and a block-scan history. No indexer:
 * the local chains are small enough to read directly.
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
  type FixtureContractKey,
  type FixtureTokenKey,
  fixtureContracts,
  fixtureNft,
  fixtureTokens,
} from '../fixtures.js'
import { localChain } from '../local-chain.js'

/** What the server needs to know about one chain. */
export type ApiChain = {
  chainId: number
  rpcUrl: string
  /** Fixture contract addresses; default the fixed `fixtureContracts`. */
  contracts?: Record<FixtureContractKey, Address>
}

export type AssetBalance = {
  /** 'native' or the fixture token key. */
  key: 'native' | FixtureTokenKey
  name: string
  symbol: string
  decimals: number
  /** Base units. */
  amount: bigint
  /** Token contract; absent for the native currency. */
  contract?: Address
}

export type NftHolding = {
  tokenId: bigint
  name: string
  description: string
  image: string
}

export type HistoryTransfer = {
  kind: 'native' | 'erc20' | 'nft'
  key?: 'native' | FixtureTokenKey
  name: string
  symbol: string
  direction: 'in' | 'out' | 'self'
  /** Whole units as text (1 for an NFT). */
  numeric: string
  image?: string
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

const tokenKeys = Object.keys(fixtureTokens) as FixtureTokenKey[]
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
 * const reader = createChainReader([{ chainId: 31337, rpcUrl }])
 * await reader.balances(31337, '0xf39F…')
 */
export function createChainReader(chains: readonly ApiChain[]) {
  const clients = new Map<
    number,
    { client: PublicClient; chain: ApiChain; contracts: Record<FixtureContractKey, Address> }
  >()
  for (const chain of chains) {
    clients.set(chain.chainId, {
      client: createPublicClient({
        chain: localChain(chain.chainId, chain.rpcUrl),
        transport: http(chain.rpcUrl),
      }),
      chain,
      contracts: chain.contracts ?? { ...fixtureContracts },
    })
  }

  function entry(chainId: number) {
    const found = clients.get(chainId)
    if (!found) throw new Error(`chain ${chainId} is not served`)
    return found
  }

  function tokenKeyOf(
    contracts: Record<FixtureContractKey, Address>,
    address: string,
  ): FixtureTokenKey | undefined {
    return tokenKeys.find((key) => contracts[key].toLowerCase() === address.toLowerCase())
  }

  return {
    chainIds: () => [...clients.keys()],
    has: (chainId: number) => clients.has(chainId),
    rpcUrl: (chainId: number) => entry(chainId).chain.rpcUrl,
    contracts: (chainId: number) => entry(chainId).contracts,

    /** Native balance and every fixture ERC20 balance of `owner`, zero balances included. */
    async balances(chainId: number, owner: Address): Promise<AssetBalance[]> {
      const { client, contracts } = entry(chainId)
      const [native, ...tokens] = await Promise.all([
        client.getBalance({ address: owner }),
        ...tokenKeys.map((key) =>
          client.readContract({
            address: contracts[key],
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [owner],
          }),
        ),
      ])
      return [
        { key: 'native', name: 'Ether', symbol: 'ETH', decimals: 18, amount: native as bigint },
        ...tokenKeys.map((key, i) => ({
          key,
          name: fixtureTokens[key].name,
          symbol: fixtureTokens[key].symbol,
          decimals: fixtureTokens[key].decimals,
          amount: tokens[i] as bigint,
          contract: contracts[key],
        })),
      ]
    },

    /** The fixture collection's tokens held by `owner`, with their on-chain metadata. */
    async nfts(chainId: number, owner: Address): Promise<NftHolding[]> {
      const { client, contracts } = entry(chainId)
      const address = contracts.LPNK
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
          return { tokenId, ...decodeTokenUri(uri) }
        }),
      )
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

    isFixtureToken: (chainId: number, address: string) =>
      tokenKeyOf(entry(chainId).contracts, address) !== undefined,

    /**
     * Transactions of the last {@link HISTORY_BLOCK_WINDOW} blocks sent by `account` or moving
     * value to it (native, fixture ERC20 or fixture NFT), newest first.
     */
    async history(chainId: number, account: Address): Promise<HistoryEntry[]> {
      const { client, contracts } = entry(chainId)
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
                key: 'native',
                name: 'Ether',
                symbol: 'ETH',
                direction: dir,
                numeric: formatUnits(tx.value, 18),
              })
          }
          for (const log of receipt.logs) {
            const tokenKey = tokenKeyOf(contracts, log.address)
            const isNft = log.address.toLowerCase() === contracts.LPNK.toLowerCase()
            if (!tokenKey && !isNft) continue
            try {
              if (tokenKey) {
                const event = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics })
                if (event.eventName !== 'Transfer') continue
                const dir = direction(event.args.from, event.args.to)
                if (!dir) continue
                const token = fixtureTokens[tokenKey]
                transfers.push({
                  kind: 'erc20',
                  key: tokenKey,
                  name: token.name,
                  symbol: token.symbol,
                  direction: dir,
                  numeric: formatUnits(event.args.value, token.decimals),
                })
              } else {
                const event = decodeEventLog({ abi: erc721EnumerableAbi, data: log.data, topics: log.topics })
                if (event.eventName !== 'Transfer') continue
                const dir = direction(event.args.from, event.args.to)
                if (!dir) continue
                transfers.push({
                  kind: 'nft',
                  name: `${fixtureNft.name} #${event.args.tokenId}`,
                  symbol: fixtureNft.symbol,
                  direction: dir,
                  numeric: '1',
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
