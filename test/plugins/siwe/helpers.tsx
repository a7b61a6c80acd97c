/**
 * In-test doubles for the siwe plugin tests: a wallet (connector + adapter) whose answers
 * a test controls, and a verifier that keeps nonces and sessions in memory and checks the
 * message it is given. No chain, no server.
 */
import { act, fireEvent, render, within } from '@testing-library/react'
import {
  type Account,
  type ChainAdapter,
  type Connector,
  type ConnectorEvent,
  createKernel,
  definePlugin,
  type Kernel,
  type KernelOptions,
  type Network,
  type StorageBackend,
} from 'latchkit'
import { type SiweOptions, type SiweSession, type SiweVerifier, siwe } from 'latchkit/plugins/siwe'
import { LatchProvider } from 'latchkit/react'
import { parseSiweMessage } from 'viem/siwe'
import { vi } from 'vitest'

export const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
export const SIGNATURE = `0x${'ab'.repeat(65)}`

function network(id: number): Network {
  return {
    id,
    name: `Chain ${id}`,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } },
  }
}
export const chainA = network(31337)
export const chainB = network(31338)

/** A wallet the test drives: `sign` decides each signature, `emit` plays wallet events. */
export function testWallet(accounts: Account[] = [{ address: ALICE, type: 'eoa' }], chainId = 31337) {
  let listener: ((event: ConnectorEvent) => void) | undefined
  const sign = vi.fn(async (_message: string): Promise<string> => SIGNATURE)
  const connector: Connector = {
    id: 'test.wallet',
    name: 'Test Wallet',
    type: 'ANNOUNCED',
    chain: 'eip155',
    connect: async () => ({ accounts, chainId }),
    getAuthorized: async () => ({ accounts, chainId }),
    disconnect: async () => {},
    getProvider: () => ({}),
    subscribe(next) {
      listener = next
      return () => {
        listener = undefined
      }
    },
  }
  const adapter: ChainAdapter = { namespace: 'eip155', signMessage: ({ message }) => sign(message) }
  // A third party ships a connector as a plugin that registers it.
  const plugin = definePlugin({ id: 'test-wallet', setup: (ctx) => ctx.connectors.register(connector) })
  return { connector, adapter, plugin, sign, emit: (event: ConnectorEvent) => listener?.(event) }
}

/** A verifier in memory: nonces are single use, `verify` checks the message fields. */
export function memoryVerifier() {
  const nonces = new Set<string>()
  const live = new Map<string, SiweSession>()
  let count = 0
  const verifier = {
    messages: [] as string[],
    getNonce: vi.fn(async () => {
      const nonce = `nonce${++count}x0000`
      nonces.add(nonce)
      return nonce
    }),
    verify: vi.fn(async ({ message, signature }: { message: string; signature: string }) => {
      verifier.messages.push(message)
      const fields = parseSiweMessage(message)
      if (signature !== SIGNATURE || !fields.nonce || !nonces.delete(fields.nonce))
        throw new Error('rejected')
      const session: SiweSession = {
        address: fields.address as string,
        chainId: fields.chainId as number,
        token: `token-${count}`,
        expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
      }
      live.set(session.token as string, session)
      return session
    }),
    getSession: vi.fn(async ({ session }: { session?: SiweSession }) =>
      session?.token ? live.get(session.token) : undefined,
    ),
    revokeSession: vi.fn(async (session: SiweSession) => {
      live.delete(session.token as string)
    }),
    live,
  } satisfies SiweVerifier & Record<string, unknown>
  return verifier
}

/** localStorage in a Map, shared by the kernels of one "browser" (a reload keeps it). */
export function memoryStorage(): StorageBackend & { items: Map<string, string> } {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

export type Harness = ReturnType<typeof testWallet> & {
  kernel: Kernel
  verifier: ReturnType<typeof memoryVerifier>
}

/** A kernel with the test wallet and the siwe plugin on two chains. */
export function makeKernel(
  options: {
    siwe?: Partial<SiweOptions>
    wallet?: ReturnType<typeof testWallet>
    verifier?: ReturnType<typeof memoryVerifier>
    storage?: StorageBackend | null
  } & Partial<KernelOptions> = {},
): Harness {
  const {
    siwe: siweOptions,
    wallet = testWallet(),
    verifier = memoryVerifier(),
    storage = null,
    ...rest
  } = options
  const kernel = createKernel({
    networks: [chainA, chainB],
    adapters: [wallet.adapter],
    metadata: { name: 'Latch Test' },
    storage,
    plugins: [
      wallet.plugin,
      siwe({ verifier, domain: 'app.example', uri: 'https://app.example', ...siweOptions }),
    ],
    ...rest,
  })
  return { ...wallet, kernel, verifier }
}

/** The view on top of the modal, or undefined when it is closed. */
export const currentView = (kernel: Kernel) =>
  kernel.getState().modal.open ? kernel.router.current()?.view : undefined

/** Lets microtasks, lazy imports and timers of 0 ms run (inside act). */
export async function settle(times = 5) {
  for (let i = 0; i < times; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  }
}

/** Renders the provider (and so the modal) for `kernel`; returns queries inside the modal. */
export function renderModal(kernel: Kernel) {
  render(<LatchProvider kernel={kernel} />)
  return () => {
    const root = document.querySelector('latchkit-modal')?.shadowRoot
    if (!root) throw new Error('the modal host is not mounted')
    return within(root.querySelector('style + div') as HTMLElement)
  }
}

export async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
  await settle()
}
