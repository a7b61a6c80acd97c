import { describe, expect, it } from 'vitest'
import { describePending, describeTransaction, formatFee, formatQuantity } from './describeTransaction'
import { shortRelativeTime } from './relativeTime'
import type { HistoryTransaction } from './state'

const me = '0x1111111111111111111111111111111111111111'
const them = '0x2222222222222222222222222222222222222222'
const lusd = '0x3333333333333333333333333333333333333333'

describe('formatQuantity', () => {
  it('shows 3 decimals with a sign by direction', () => {
    expect(formatQuantity('1.5', 'LUSD', 'out')).toBe('-1.500 LUSD')
    expect(formatQuantity('1234.56789', 'LTK', 'in')).toBe('+1,234.568 LTK')
    expect(formatQuantity('2', 'ETH', 'self')).toBe('2.000 ETH')
  })
})

describe('formatFee', () => {
  it('shows 3 significant digits, so a small fee is not 0.000', () => {
    expect(formatFee('0.00204428', 'SOL')).toBe('0.00204 SOL')
    expect(formatFee('0.000005', 'SOL')).toBe('0.000005 SOL')
    expect(formatFee('0.00204428', 'SOL', 'de')).toBe('0,00204 SOL')
  })
})

describe('describeTransaction', () => {
  it('a token send names the receiver from the transfer, not the token contract', () => {
    const transaction: HistoryTransaction = {
      id: 'eip155:1:0xabc',
      metadata: {
        minedAt: '2026-11-01T00:00:00Z',
        chain: 'eip155:1',
        operationType: 'send',
        status: 'confirmed',
        sentFrom: me,
        sentTo: lusd,
        hash: '0xabc',
      },
      transfers: [
        {
          fungible_info: { symbol: 'LUSD', icon: { url: 'data:image/png;base64,AA==' } },
          direction: 'out',
          sender: me,
          recipient: them,
          quantity: { numeric: '1.5' },
        },
      ],
    }
    const row = describeTransaction(transaction, me)
    expect(row).toMatchObject({
      title: 'history.op.send',
      status: 'confirmed',
      amounts: ['-1.500 LUSD'],
      images: ['data:image/png;base64,AA=='],
      counterparty: { direction: 'to', address: them },
      hash: '0xabc',
    })
  })

  it('a receipt names the sender; an operation we do not name keeps its own word', () => {
    const transaction: HistoryTransaction = {
      id: 'x',
      metadata: {
        minedAt: '2026-11-01T00:00:00Z',
        chain: 'eip155:1',
        operationType: 'receive',
        status: 'failed',
        sentFrom: them,
        sentTo: me,
      },
      transfers: [{ fungible_info: { symbol: 'ETH' }, direction: 'in', quantity: { numeric: '0.25' } }],
    }
    expect(describeTransaction(transaction, me)).toMatchObject({
      title: 'history.op.receive',
      amounts: ['+0.250 ETH'],
      counterparty: { direction: 'from', address: them },
      status: 'failed',
    })
    expect(
      describeTransaction(
        { ...transaction, metadata: { ...transaction.metadata, operationType: 'stake' } },
        me,
      ).title,
    ).toBe('stake')
  })

  it('shows at most two amounts and two images', () => {
    const transfer = {
      fungible_info: { symbol: 'A', icon: { url: 'https://x/a.png' } },
      direction: 'in' as const,
      quantity: { numeric: '1' },
    }
    const row = describeTransaction(
      {
        id: 'y',
        metadata: {
          minedAt: '2026-11-01T00:00:00Z',
          chain: 'eip155:1',
          operationType: 'trade',
          status: 'confirmed',
          sentFrom: me,
          sentTo: them,
        },
        transfers: [transfer, transfer, transfer],
      },
      me,
    )
    expect(row.amounts).toHaveLength(2)
    expect(row.images).toHaveLength(2)
  })

  it('a pending send reads as sent, to its receiver', () => {
    expect(
      describePending({
        hash: '0xdef',
        caipNetworkId: 'eip155:1',
        from: me,
        to: them,
        sentAt: 0,
        summary: { operation: 'send', amount: '3', symbol: 'LUSD' },
      }),
    ).toMatchObject({
      status: 'pending',
      title: 'history.op.send',
      amounts: ['-3.000 LUSD'],
      counterparty: { direction: 'to', address: them },
    })
  })
})

describe('shortRelativeTime', () => {
  const now = Date.parse('2026-11-24T12:00:00Z')
  it('uses the short form', () => {
    expect(shortRelativeTime('2026-11-24T11:55:00Z', now)).toBe('5 min. ago')
    expect(shortRelativeTime('2026-11-24T09:00:00Z', now)).toBe('3 hr. ago')
    expect(shortRelativeTime('2026-11-23T12:00:00Z', now)).toBe('yesterday')
  })
  it('past a week, the date; another year, with the year', () => {
    expect(shortRelativeTime('2026-03-05T12:00:00Z', now)).toBe('Mar 5')
    expect(shortRelativeTime('2025-03-05T12:00:00Z', now)).toBe('Mar 5, 2025')
  })
})
