import { act, fireEvent, render, within } from '@testing-library/react'
import { type Connector, createKernel, type Kernel, type KernelOptions, type Network } from 'latchkit'
import { LatchProvider } from 'latchkit/react'
import type { ReactNode } from 'react'

export const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

function network(id: number, name: string): Network {
  return {
    id,
    name,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`https://rpc.invalid/${id}`] } },
  }
}

export const mainnet = network(1, 'Ethereum')
export const base = network(8453, 'Base')

/** A fresh kernel with no persistence, no adapter and no silent reconnect. */
export function makeKernel(options: Partial<KernelOptions> = {}): Kernel {
  return createKernel({ networks: [mainnet, base], storage: null, ...options })
}

/** A wallet double: connect answers (or throws) what the test says. */
export function fakeConnector(overrides: Partial<Connector> = {}): Connector & { connectCalls: number } {
  const connector = {
    id: 'test.wallet',
    name: 'Test Wallet',
    type: 'ANNOUNCED' as const,
    chain: 'eip155',
    connectCalls: 0,
    async connect() {
      connector.connectCalls++
      return { accounts: [{ address: ADDRESS, type: 'eoa' as const }], chainId: 1 }
    },
    async disconnect() {},
    getProvider: () => ({}),
    async switchNetwork() {},
    ...overrides,
  }
  return connector
}

/** Renders under a provider for `kernel`. */
export function renderWith(kernel: Kernel, ui: ReactNode = null) {
  return render(<LatchProvider kernel={kernel}>{ui}</LatchProvider>)
}

/** The modal's shadow root (the host page cannot see inside, so neither can `screen`). */
export function shadowRoot(): ShadowRoot {
  const root = document.querySelector('latchkit-modal')?.shadowRoot
  if (!root) throw new Error('the modal host is not mounted')
  return root
}

/** Testing Library queries scoped to the modal. */
export function modal() {
  // The mount element rather than the root itself, so failed queries can print the DOM.
  return within(shadowRoot().querySelector('style + div') as HTMLElement)
}

/** Opens the modal on `view` and waits for its lazy module. */
export async function openOn(kernel: Kernel, view?: string, params?: Record<string, unknown>) {
  await act(async () => {
    kernel.open({ view, params })
  })
  await settle()
}

/** Lets pending imports and promises resolve inside act. */
export async function settle(times = 5) {
  for (let i = 0; i < times; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  }
}

/** Marks a namespace connected as the connect action would, without a wallet. */
export function setConnected(kernel: Kernel, patch: Record<string, unknown> = {}) {
  act(() => {
    kernel.store.setState((draft) => {
      const account = draft.accounts.eip155!
      Object.assign(account, {
        status: 'connected',
        address: ADDRESS,
        caipAddress: `eip155:1:${ADDRESS}`,
        ...patch,
      })
      draft.status = 'connected'
      draft.activeNamespace = 'eip155'
    })
  })
}

/**
 * Clicks inside an async act and lets things settle. A sync act (plain fireEvent) does
 * not wait for a view that suspends on its lazy module, so the test would see the skeleton.
 */
export async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
  await settle()
}
