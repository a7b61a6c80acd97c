/**
 * The activity list names counterparties through the addressNamer service another plugin
 * offers, asking only for the rows it renders and each address once.
 */
import { act } from '@testing-library/react'
import { ADDRESS_NAMER_SERVICE, type AddressNamer, definePlugin, type Kernel } from 'latchkit'
import { type HistoryTransaction, history } from 'latchkit/plugins/history'
import { beforeAll, describe, expect, it } from 'vitest'
import { historySlice } from '../../../plugins/history/slice'
import { BOB, connectWallet, ME, makeKernel, modal, openOn, renderWith, settle } from '../helpers'

beforeAll(async () => {
  await import('../../../plugins/history/views/ActivityView')
})

const STRANGER = '0x1234567890123456789012345678901234abcdef'

function sent(index: number, to: string): HistoryTransaction {
  return {
    id: `tx${index}`,
    metadata: {
      minedAt: new Date(Date.UTC(2026, 0, 1) - index * 60_000).toISOString(),
      chain: 'eip155:31337',
      operationType: 'send',
      status: 'confirmed',
      sentFrom: ME,
      sentTo: to,
      hash: `0x${index.toString(16).padStart(64, '0')}`,
    },
    transfers: [],
  }
}

/** A kernel with history() and a names plugin answering from `names`, recording what it was asked. */
async function activityOf(transactions: HistoryTransaction[], names: Record<string, string>) {
  const asked: string[] = []
  const namer = definePlugin({
    id: 'test-names',
    setup: (ctx) =>
      ctx.services.add(ADDRESS_NAMER_SERVICE, (async (address) => {
        asked.push(address)
        return names[address]
      }) satisfies AddressNamer),
  })
  const { kernel } = makeKernel({ plugins: [history(), namer] })
  renderWith(kernel)
  await connectWallet(kernel)
  fill(kernel, transactions)
  await openOn(kernel, 'Activity')
  await settle()
  return { kernel, asked }
}

/** The list as read: the history API's answer for the account and network in view. */
function fill(kernel: Kernel, transactions: HistoryTransaction[]) {
  act(() => {
    historySlice(kernel).set((state) => {
      state.transactions = transactions
      state.lastAccountInView = ME
      state.lastNetworkInView = 'eip155:31337'
    })
  })
}

const counterparties = () =>
  modal()
    .getAllByText(/^(to|from) /)
    .map((element) => element.textContent)

describe('counterparties in the activity list', () => {
  it('show their name when the namer knows one, else the shortened address; each asked once', async () => {
    const { asked } = await activityOf([sent(0, BOB), sent(1, STRANGER), sent(2, BOB)], {
      [BOB]: 'bob.latch',
    })
    expect(counterparties()).toEqual(['to bob.latch', 'to 0x12...abcdef', 'to bob.latch'])
    expect(asked.sort()).toEqual([BOB, STRANGER].sort())
  })

  it('of 10,000 transactions, only the rows rendered are asked about', async () => {
    // happy-dom lays nothing out: the list's scroller gets the height its style gives it.
    const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute('data-virtual') === 'true' ? 360 : 0
      },
    })
    try {
      const many = Array.from({ length: 10_000 }, (_, index) =>
        sent(index, `0x${(index + 1).toString(16).padStart(40, '0')}`),
      )
      const { asked } = await activityOf(many, {})
      const rendered = modal().getAllByText(/^to /).length
      expect(rendered).toBeGreaterThan(0)
      expect(rendered).toBeLessThan(30)
      expect(asked).toHaveLength(rendered)
    } finally {
      if (own) Object.defineProperty(HTMLElement.prototype, 'clientHeight', own)
      else delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight
    }
  })

  it('show addresses when no plugin names them', async () => {
    const { kernel } = makeKernel({ plugins: [history()] })
    renderWith(kernel)
    await connectWallet(kernel)
    fill(kernel, [sent(0, BOB)])
    await openOn(kernel, 'Activity')
    expect(counterparties()).toEqual(['to 0x70...dc79C8'])
  })
})
