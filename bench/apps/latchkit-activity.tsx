// The activity bench's page: Latchkit with the history plugin, a wallet connected, the
// modal open on the Activity view. bench/activity.ts lands 10,000 transactions in the
// history slice through window.__activityBench and times the list; it is bundled as every
// row of the bench is (bench/bundle.ts), so the list runs React's production build.
import { type ChainAdapter, type Connector, connect, createKernel, definePlugin } from 'latchkit'
import { mainnet } from 'latchkit/networks'
import { history } from 'latchkit/plugins/history'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'
import { historySlice } from '../../plugins/history/slice'
import {
  type ActivityLandTimings,
  type ActivityScrollTimings,
  idleFrames,
  landTransactions,
  scrollActivityList,
} from '../page/activityProbe'
import { activityTransactions } from '../page/activityTransactions'

export interface ActivityBenchApi {
  /** Resolves once the wallet is connected and the Activity view shows its empty list. */
  ready: Promise<{ received: number }>
  /** Frame intervals of `count` frames with nothing to do. */
  idle(count: number): Promise<number[]>
  land(): Promise<ActivityLandTimings>
  scroll(stepPx: number): Promise<ActivityScrollTimings>
}

declare global {
  interface Window {
    __activityBench: ActivityBenchApi
  }
}

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TRANSACTIONS = 10_000
const SPAM_ONLY = 500

// A wallet and an adapter that answer at once and never touch a network: the bench blocks
// every request that leaves 127.0.0.1, and the list does not depend on either.
const wallet: Connector = {
  id: 'bench.wallet',
  name: 'Bench Wallet',
  type: 'ANNOUNCED',
  chain: 'eip155',
  connect: async () => ({ accounts: [{ address: ACCOUNT, type: 'eoa' }], chainId: mainnet.id as number }),
  disconnect: async () => {},
  getProvider: () => ({}),
}
const offlineAdapter: ChainAdapter = {
  namespace: 'eip155',
  getBalance: async () => ({ balance: '1', symbol: 'ETH' }),
}

const kernel = createKernel({
  networks: [mainnet],
  adapters: [offlineAdapter],
  storage: null,
  plugins: [definePlugin({ id: 'bench-wallet', setup: (ctx) => ctx.connectors.register(wallet) }), history()],
})

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <LatchProvider kernel={kernel}>
      <ConnectButton />
    </LatchProvider>,
  )
}

const emptyListShown = () =>
  new Promise<void>((resolve, reject) => {
    const start = performance.now()
    const poll = () => {
      if (
        document
          .querySelector('latchkit-modal')
          ?.shadowRoot?.querySelector('[data-latchkit="activity-empty"]')
      )
        resolve()
      else if (performance.now() - start > 10_000)
        reject(new Error('the Activity view did not show its empty list'))
      else requestAnimationFrame(poll)
    }
    poll()
  })

async function prepare() {
  await connect(kernel, { connectorId: wallet.id })
  const state = kernel.getState()
  const address = state.accounts.eip155?.address
  const caipNetworkId = state.networks.eip155?.caipNetwork?.caipNetworkId
  // The list reads its first page itself when it opens on an account it has not read;
  // marked as read, it waits for the page the bench lands instead of asking the API.
  historySlice(kernel).set((history) => {
    history.lastAccountInView = address
    history.lastNetworkInView = caipNetworkId
  })
  kernel.open({ view: 'Activity' })
  await emptyListShown()
  // Two calendar years: from the first of January last year to now.
  const now = new Date()
  const transactions = activityTransactions({
    count: TRANSACTIONS,
    spamOnly: SPAM_ONLY,
    chain: caipNetworkId ?? mainnet.caipNetworkId,
    account: address ?? ACCOUNT,
    newest: now.getTime(),
    oldest: new Date(now.getFullYear() - 1, 0, 1).getTime(),
  })
  window.__activityBench.land = () =>
    landTransactions(kernel, transactions, caipNetworkId ?? mainnet.caipNetworkId)
  return { received: transactions.length }
}

window.__activityBench = {
  ready: prepare(),
  idle: (count) => idleFrames(count),
  land: () => Promise.reject(new Error('not ready: await window.__activityBench.ready first')),
  scroll: (stepPx) => scrollActivityList(stepPx),
}
