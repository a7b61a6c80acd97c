// The wallet-search bench's page: Latchkit with the wallets plugin, its registry on the
// local API server (bench/walletSearch.ts starts it with 5,000 wallets; its URL comes in the
// page's `?api=`), the modal open on All wallets. window.__walletsBench times each
// keystroke in the search box to the first frame painted after the list answered it.
import { createKernel } from 'latchkit'
import { mainnet } from 'latchkit/networks'
import { wallets } from 'latchkit/plugins/wallets'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { createRoot } from 'react-dom/client'

export interface WalletsBenchApi {
  /** Resolves once the All wallets view lists its first page. */
  ready: Promise<number>
  /**
   * Arms the timing of the next keystroke: resolves with the ms from its keydown to the
   * end of the first frame painted after the list changed, and how many rows it shows.
   */
  nextKeystroke(): Promise<{ ms: number; rows: number }>
}

declare global {
  interface Window {
    __walletsBench: WalletsBenchApi
  }
}

const api = new URL(location.href).searchParams.get('api') ?? ''
const kernel = createKernel({
  networks: [mainnet],
  storage: null,
  projectId: 'latchkit-bench',
  api: { walletsUrl: api },
  plugins: [wallets()],
})

createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider kernel={kernel}>
    <ConnectButton />
  </LatchProvider>,
)

const modalRoot = () => document.querySelector('latchkit-modal')?.shadowRoot ?? undefined
const rows = () => modalRoot()?.querySelectorAll('[data-latchkit="wallets-list"] > li').length ?? 0
const input = () => modalRoot()?.querySelector<HTMLInputElement>('[data-latchkit="wallets-search"]') ?? undefined

function waitFor<T>(read: () => T | undefined): Promise<T> {
  return new Promise((resolve) => {
    const check = () => {
      const value = read()
      if (value) resolve(value)
      else requestAnimationFrame(check)
    }
    check()
  })
}

/** After the next frame is painted: a task queued from a frame callback runs after its paint. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

window.__walletsBench = {
  ready: (async () => {
    kernel.open({ view: 'AllWallets' })
    await waitFor(() => (rows() >= 40 ? true : undefined))
    return rows()
  })(),
  nextKeystroke() {
    return new Promise((resolve, reject) => {
      const box = input()
      if (!box) return reject(new Error('no search box'))
      // A key that never reaches the box (focus lost) must not stall the run.
      setTimeout(() => reject(new Error('no input within 5 s')), 5000)
      box.addEventListener(
        'keydown',
        (event) => {
          const start = event.timeStamp
          // React renders what a discrete input event asks for before the event returns;
          // the frame after it is the one that shows the list.
          box.addEventListener('input', () => void afterPaint().then(() => resolve({ ms: performance.now() - start, rows: rows() })), {
            once: true,
          })
        },
        { once: true, capture: true },
      )
    })
  },
}
