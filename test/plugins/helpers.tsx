import { act, fireEvent, render, within } from '@testing-library/react'
import {
  type ChainAdapter,
  type Connector,
  connect,
  createKernel,
  definePlugin,
  type Kernel,
  type KernelOptions,
  type Network,
  type SendTransactionParameters,
  type TokenBalance,
} from 'latchkit'
import { evmAdapter, isAddress } from 'latchkit/adapters/evm'
import { LatchProvider } from 'latchkit/react'
import type { ReactNode } from 'react'

/** The connected account and two receivers (checksummed, as a wallet shows them). */
export const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** BOB with one letter's case flipped: a broken EIP-55 checksum. */
export const BOB_BAD_CHECKSUM = '0x70997970c51812dc3A010C7d01b50e0d17dc79C8'
export const LUSD_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
export const HASH = `0x${'ab'.repeat(32)}`

export const localnet: Network = {
  id: 31337,
  name: 'Local 31337',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  blockExplorers: { default: { name: 'Scan', url: 'https://scan.test' } },
}
export const othernet: Network = {
  ...localnet,
  id: 31338,
  name: 'Local 31338',
  caipNetworkId: 'eip155:31338',
}

/** Balances as the Blockchain API reports them: native (no address) and a 6-decimal token. */
export const ethBalance: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 3000,
  value: 6000,
  quantity: { decimals: '18', numeric: '2' },
}
export const lusdBalance: TokenBalance = {
  name: 'Latch USD',
  symbol: 'LUSD',
  chainId: 'eip155:31337',
  address: `eip155:31337:${LUSD_CONTRACT}`,
  price: 1,
  value: 100.5,
  quantity: { decimals: '6', numeric: '100.5' },
}

export type FakeAdapter = ChainAdapter & {
  sent: Array<Omit<SendTransactionParameters, 'connector' | 'network'>>
  /** What the next sendTransaction does: answer a hash (default) or throw. */
  nextSend: () => Promise<string>
  /** What getTokenBalances answers (the kernel's refreshTokenBalances reads it without an API). */
  tokens: TokenBalance[]
}

/**
 * An EVM-like adapter without a chain: the EVM adapter's address rules (strict EIP-55,
 * prefixes, hex), fixed balances and fee, recorded sends.
 */
export function fakeAdapter(): FakeAdapter {
  const { isAddressPrefix, looksLikeAddress } = evmAdapter({ discovery: false })
  const adapter: FakeAdapter = {
    namespace: 'eip155',
    isAddressPrefix,
    looksLikeAddress,
    sent: [],
    nextSend: async () => HASH,
    tokens: [ethBalance, lusdBalance],
    getTokenBalances: async () => adapter.tokens,
    isAddress: (address, options) => isAddress(address, options),
    getBalance: async () => ({ balance: '2', symbol: 'ETH' }),
    async sendTransaction({ connector: _c, network: _n, ...params }) {
      adapter.sent.push(params)
      return adapter.nextSend()
    },
    estimateFee: async () => ({ fee: 21_000n * 10n ** 9n, symbol: 'ETH' }),
    getTransactionExplorerUrl: (hash, network) => `${network.blockExplorers?.default.url}/tx/${hash}`,
  }
  return adapter
}

/** A wallet that connects at once on 31337 as {@link ME}. */
export function fakeConnector(): Connector {
  return {
    id: 'test.wallet',
    name: 'Test Wallet',
    type: 'ANNOUNCED',
    chain: 'eip155',
    connect: async () => ({ accounts: [{ address: ME, type: 'eoa' }], chainId: 31337 }),
    disconnect: async () => {},
    getProvider: () => ({}),
  }
}

/** A plugin that registers the fake wallet, the way a third party ships one. */
export const testWallet = () =>
  definePlugin({ id: 'test-wallet', setup: (ctx) => ctx.connectors.register(fakeConnector()) })

/** A kernel on the two local networks with the fake adapter and wallet, not yet connected. */
export function makeKernel(options: Partial<KernelOptions> = {}): { kernel: Kernel; adapter: FakeAdapter } {
  const adapter = fakeAdapter()
  const kernel = createKernel({
    networks: [localnet, othernet],
    adapters: [adapter],
    storage: null,
    ...options,
    plugins: [testWallet(), ...(options.plugins ?? [])],
  })
  return { kernel, adapter }
}

/** Connects the fake wallet and, when given, writes the token balances as the API would. */
export async function connectWallet(kernel: Kernel, tokenBalance?: TokenBalance[]): Promise<void> {
  await act(async () => {
    await connect(kernel, { connectorId: 'test.wallet' })
  })
  if (tokenBalance) setTokenBalances(kernel, tokenBalance)
}

export function setTokenBalances(kernel: Kernel, tokenBalance: TokenBalance[]): void {
  act(() => {
    kernel.store.setState((draft) => {
      draft.accounts.eip155!.tokenBalance = tokenBalance
    })
  })
}

/** Renders under a provider for `kernel`. */
export function renderWith(kernel: Kernel, ui: ReactNode = null) {
  return render(<LatchProvider kernel={kernel}>{ui}</LatchProvider>)
}

/** Testing Library queries scoped to the modal (it renders in a shadow root). */
export function modal() {
  const root = document.querySelector('latchkit-modal')?.shadowRoot
  if (!root) throw new Error('the modal host is not mounted')
  return within(root.querySelector('style + div') as HTMLElement)
}

/** Opens the modal on `view` and waits for its lazy module. */
export async function openOn(kernel: Kernel, view: string) {
  await act(async () => {
    kernel.open({ view })
  })
  await settle()
}

/** Lets pending imports, timers of 0 ms and promises resolve inside act. */
export async function settle(times = 5) {
  for (let i = 0; i < times; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  }
}

/** Waits `ms` of real time inside act (debounced lookups and estimates). */
export async function wait(ms: number) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms))
  })
  await settle(2)
}

export async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
  await settle()
}

export async function type(element: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.change(element, { target: { value } })
  })
  await settle(2)
}
