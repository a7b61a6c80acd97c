import type { HistoryTransaction, HistoryTransfer } from '../../plugins/history/state'

export interface ActivityTransactionsOptions {
  /** Transactions the list keeps: on `chain`, not spam-only. */
  count: number
  /** Spam-only NFT airdrops mixed in, which `visibleTransactions` drops. */
  spamOnly: number
  /** CAIP-2 of the network in view. */
  chain: string
  /** The connected account, the side every transfer is seen from. */
  account: string
  /** The newest and oldest `minedAt`, in ms since the epoch; the rest are spread between. */
  newest: number
  oldest: number
}

// Images as data: URIs: the history API gives https URLs, which the bench blocks (every
// request leaves 127.0.0.1 for nowhere); a data: image is still decoded and drawn.
const svg = (fill: string) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="16" fill="${fill}"/></svg>`)}`
const TOKENS = [
  { name: 'Ether', symbol: 'ETH', icon: { url: svg('#627eea') } },
  { name: 'USD Coin', symbol: 'USDC', icon: { url: svg('#2775ca') } },
  { name: 'Dai', symbol: 'DAI', icon: { url: svg('#f5ac37') } },
  { name: 'Wrapped Bitcoin', symbol: 'WBTC', icon: { url: svg('#f09242') } },
] as const
const NFT_PREVIEW = svg('#b04fd8')
const OPERATIONS = ['send', 'receive', 'trade', 'mint', 'approve'] as const

/** A small deterministic generator (mulberry32): every run lists the same transactions. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const hex = (next: () => number, length: number) =>
  Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join('')

/**
 * Transactions shaped as the history API answers them (`HistoryTransaction`), newest
 * first as its pages come, evenly spread from `newest` back to `oldest`: sends, receives,
 * trades of two tokens, NFT mints, approvals without transfers, some failed, and
 * spam-only NFT airdrops between them. Deterministic, so every run lists the same rows.
 *
 * @example
 * const now = Date.now()
 * activityTransactions({ count: 10_000, spamOnly: 500, chain: 'eip155:1', account, newest: now, oldest: now - 2 * YEAR })
 */
export function activityTransactions(options: ActivityTransactionsOptions): HistoryTransaction[] {
  const { count, spamOnly, chain, account, newest, oldest } = options
  const next = random(20_000)
  const total = count + spamOnly
  const transactions: HistoryTransaction[] = []
  for (let index = 0; index < total; index++) {
    const minedAt = new Date(newest - ((newest - oldest) * index) / Math.max(1, total - 1)).toISOString()
    const other = `0x${hex(next, 40)}`
    const hash = `0x${hex(next, 64)}`
    // Exactly `spamOnly` of them, evenly between the others.
    const isSpam = Math.floor(((index + 1) * spamOnly) / total) > Math.floor((index * spamOnly) / total)
    const kind = isSpam ? 'spam' : (OPERATIONS[index % OPERATIONS.length] ?? 'send')
    const token = TOKENS[Math.floor(next() * TOKENS.length)] ?? TOKENS[0]
    const numeric = (next() * 1000).toFixed(6)
    const fungible = (direction: HistoryTransfer['direction'], info = token): HistoryTransfer => ({
      fungible_info: info,
      direction,
      sender: direction === 'in' ? other : account,
      recipient: direction === 'in' ? account : other,
      quantity: { numeric },
      value: Number(numeric),
    })
    const transfers: HistoryTransfer[] =
      kind === 'send'
        ? [fungible('out')]
        : kind === 'receive'
          ? [fungible('in')]
          : kind === 'trade'
            ? [fungible('out'), fungible('in', TOKENS[(TOKENS.indexOf(token) + 1) % TOKENS.length])]
            : kind === 'mint'
              ? [nftTransfer(`Bench #${index}`, false, account)]
              : kind === 'spam'
                ? [nftTransfer(`Free claim #${index}`, true, account)]
                : []
    transactions.push({
      id: `${hash}-${index}`,
      metadata: {
        minedAt,
        chain,
        operationType: kind === 'spam' ? 'receive' : kind,
        status: index % 37 === 0 ? 'failed' : 'confirmed',
        sentFrom: kind === 'receive' || kind === 'spam' ? other : account,
        sentTo: kind === 'receive' || kind === 'spam' ? account : other,
        hash,
      },
      transfers,
    })
  }
  return transactions
}

function nftTransfer(name: string, spam: boolean, account: string): HistoryTransfer {
  return {
    nft_info: { name, content: { preview: { url: NFT_PREVIEW } }, flags: { is_spam: spam } },
    direction: 'in',
    sender: null,
    recipient: account,
    quantity: { numeric: '1' },
  }
}
