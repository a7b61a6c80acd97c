/**
 * The Activity tab while the API's history index catches up: the API answers 503
 * `HISTORY_INDEXING` with how far the index is, and the list says "Indexing, N%" (in the
 * locale in view) instead of failing, asks again on the Retry-After by itself, follows the
 * progress, and shows the rows once the index answers. Through the kernel's own request
 * code; only how requests leave is replaced by a scripted API.
 */
import { waitFor } from '@testing-library/react'
import type { Kernel, Locale } from 'latchkit'
import { de } from 'latchkit/locales/de'
import { type HistoryTransaction, history } from 'latchkit/plugins/history'
import { beforeAll, describe, expect, it } from 'vitest'
import { apiOverFetch } from '../../support/fakeApi'
import { connectWallet, ME, makeKernel, modal, openOn, renderWith } from '../helpers'

beforeAll(async () => {
  await import('../../../plugins/history/views/ActivityView')
})

/** Generous: each answer comes a Retry-After (1 s) after the last, on a busy machine. */
const WAIT = { timeout: 20_000 }

const received: HistoryTransaction = {
  id: 'eip155:31337:0x01',
  metadata: {
    minedAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    chain: 'eip155:31337',
    operationType: 'receive',
    status: 'confirmed',
    sentFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    sentTo: ME,
    hash: `0x${'01'.padStart(64, '0')}`,
  },
  transfers: [
    { fungible_info: { name: 'Ether', symbol: 'ETH' }, direction: 'in', quantity: { numeric: '1' } },
  ],
}

/** The index's answers in turn: the share indexed while it catches up, then the history. */
type Step = { fraction: number } | { transactions: HistoryTransaction[] }

/** Installs the scripted API on `kernel`; the last step repeats. Returns the requests seen. */
function scriptedHistoryApi(kernel: Kernel, steps: Step[]) {
  const asked: string[] = []
  apiOverFetch(
    kernel,
    async (input) => {
      const path = new URL(input).pathname
      if (!path.endsWith('/history'))
        return Response.json({ code: 'NOT_FOUND', message: 'not scripted' }, { status: 404 })
      const step = steps[Math.min(asked.length, steps.length - 1)] as Step
      asked.push(path)
      if ('transactions' in step) return Response.json({ data: step.transactions, next: null })
      const indexedBlock = Math.floor(step.fraction * 1000)
      return Response.json(
        {
          code: 'HISTORY_INDEXING',
          message: 'History is not ready: the index is catching up with the chain; try again shortly',
          details: {
            state: 'catching-up',
            progress: { chainId: 'eip155:31337', indexedBlock, headBlock: 1000, fraction: step.fraction },
          },
        },
        { status: 503, headers: { 'Retry-After': '1' } },
      )
    },
    { install: true },
  )
  return asked
}

async function activityWith(steps: Step[], locale?: Locale) {
  const { kernel } = makeKernel({
    plugins: [history()],
    api: { blockchainUrl: 'http://api.test' },
    projectId: 'p',
    ...(locale && { locale }),
  })
  const asked = scriptedHistoryApi(kernel, steps)
  renderWith(kernel)
  await connectWallet(kernel)
  await openOn(kernel, 'Activity')
  return asked
}

const progressLine = () => modal().queryByText(/^(Indexing|Indexierung), /)

describe('activity while the history index catches up', () => {
  it('says "Indexing, N%" as the index moves, asks again by itself, then lists the history', async () => {
    const asked = await activityWith([{ fraction: 0.42 }, { fraction: 0.873 }, { transactions: [received] }])
    await waitFor(() => expect(progressLine()?.textContent).toBe('Indexing, 42%'), WAIT)
    expect(modal().getByText('Your activity is on its way')).toBeTruthy()
    expect(modal().queryByText('Failed to fetch transactions')).toBeNull()
    // Rounded down: 87.3 % indexed reads 87%, never more than is done.
    await waitFor(() => expect(progressLine()?.textContent).toBe('Indexing, 87%'), WAIT)
    await waitFor(() => expect(modal().getByText('Received')).toBeTruthy(), WAIT)
    expect(progressLine()).toBeNull()
    expect(asked.length).toBe(3)
  })

  it('says it in the locale in view', async () => {
    await activityWith([{ fraction: 0.5 }], de)
    // German puts a (narrow) no-break space before the percent sign.
    await waitFor(() => expect(progressLine()?.textContent).toMatch(/^Indexierung, 50\s%$/u), WAIT)
  })
})
