import { describe, expect, it } from 'vitest'
import { groupTransactions } from './groupTransactions'
import type { HistoryTransaction, HistoryTransfer } from './state'
import { isSpamOnly, visibleTransactions } from './visibleTransactions'

const CHAIN = 'eip155:31337'
const spamNft: HistoryTransfer = {
  nft_info: { name: 'Free Mint #1', flags: { is_spam: true } },
  direction: 'in',
  quantity: { numeric: '1' },
}
const goodNft: HistoryTransfer = {
  nft_info: { name: 'Latch Punks #4', flags: { is_spam: false } },
  direction: 'in',
  quantity: { numeric: '1' },
}
const token: HistoryTransfer = {
  fungible_info: { symbol: 'LUSD' },
  direction: 'out',
  quantity: { numeric: '1.5' },
}

const tx = (
  id: string,
  minedAt: string,
  transfers: HistoryTransfer[] = [token],
  chain = CHAIN,
): HistoryTransaction => ({
  id,
  metadata: { minedAt, chain, operationType: 'send', status: 'confirmed', sentFrom: '0x1', sentTo: '0x2' },
  transfers,
})

describe('the spam rule', () => {
  it('drops a transaction only when every transfer is a spam NFT', () => {
    expect(isSpamOnly({ transfers: [spamNft] })).toBe(true)
    expect(isSpamOnly({ transfers: [spamNft, spamNft] })).toBe(true)
    expect(isSpamOnly({ transfers: [spamNft, goodNft] })).toBe(false)
    expect(isSpamOnly({ transfers: [spamNft, token] })).toBe(false)
    // A contract call that moved nothing is not spam.
    expect(isSpamOnly({ transfers: [] })).toBe(false)
  })
})

describe('visibleTransactions', () => {
  it('keeps the chain in view, drops spam-only ones and repeats, newest first', () => {
    const list = visibleTransactions(
      [
        tx('a', '2026-01-02T00:00:00Z'),
        tx('spam', '2026-03-01T00:00:00Z', [spamNft]),
        tx('other-chain', '2026-04-01T00:00:00Z', [token], 'eip155:1'),
        tx('b', '2026-02-01T00:00:00Z'),
        tx('a', '2026-01-02T00:00:00Z'),
        tx('mixed', '2025-12-31T23:00:00Z', [spamNft, token]),
      ],
      CHAIN,
    )
    expect(list.map((t) => t.id)).toEqual(['b', 'a', 'mixed'])
  })

  it('keeps the API order for transactions mined in the same block', () => {
    const at = '2026-05-05T05:05:05Z'
    expect(visibleTransactions([tx('x', at), tx('y', at), tx('z', at)], CHAIN).map((t) => t.id)).toEqual([
      'x',
      'y',
      'z',
    ])
  })
})

describe('groupTransactions', () => {
  it('groups by year, then month, newest first at every level', () => {
    // Mid-month times: the grouping uses the local time zone, so stay clear of month edges.
    const groups = groupTransactions(
      visibleTransactions(
        [
          tx('2025-03', '2025-03-15T12:00:00Z'),
          tx('2026-10-b', '2026-10-20T12:00:00Z'),
          tx('2026-10-a', '2026-10-10T12:00:00Z'),
          tx('2025-12', '2025-12-15T12:00:00Z'),
          tx('2026-01', '2026-01-15T12:00:00Z'),
        ],
        CHAIN,
      ),
    )
    expect(groups.map((g) => [g.year, g.month + 1, g.transactions.map((t) => t.id)])).toEqual([
      [2026, 10, ['2026-10-b', '2026-10-a']],
      [2026, 1, ['2026-01']],
      [2025, 12, ['2025-12']],
      [2025, 3, ['2025-03']],
    ])
  })

  it('puts an out-of-order input right too', () => {
    const groups = groupTransactions([
      tx('old', '2025-03-15T12:00:00Z'),
      tx('new', '2026-03-15T12:00:00Z'),
      tx('older', '2025-03-10T12:00:00Z'),
    ])
    expect(groups.map((g) => g.transactions.map((t) => t.id))).toEqual([['new'], ['old', 'older']])
  })
})
