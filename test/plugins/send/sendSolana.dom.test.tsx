import { act } from '@testing-library/react'
import {
  type ChainAdapter,
  type Connector,
  connect,
  createKernel,
  definePlugin,
  type Kernel,
  NAME_RESOLVER_SERVICE,
  type Network,
  type Plugin,
  type SendTransactionParameters,
  type TokenBalance,
} from 'latchkit'
import { solanaAdapter } from 'latchkit/adapters/solana'
import { send } from 'latchkit/plugins/send'
import { describe, expect, it, vi } from 'vitest'
import { prepareSend } from '../../../plugins/send/prepareSend'
import { isAddressBeingTyped, mayBeName, resolveReceiver } from '../../../plugins/send/resolveReceiver'
import { sendSlice } from '../../../plugins/send/slice'
import { makeKernel, modal, openOn, renderWith, settle, type } from '../helpers'

// The send plugin on Solana: the same code as on EVM, with every address rule coming from
// the namespace's adapter (the real Solana adapter's isAddress, isAddressPrefix and
// looksLikeAddress; its chain work is faked).

const ME = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const BOB = 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69Xm1ZE3MEE6JC'
/** BOB with four characters lost: base58, but not a 32-byte key. */
const BOB_MISTYPED = BOB.slice(0, 40)

const localSol: Network = {
  id: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
  name: 'Solana Local',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}
const solBalance: TokenBalance = {
  name: 'Solana',
  symbol: 'SOL',
  chainId: localSol.caipNetworkId,
  price: 0,
  quantity: { decimals: '9', numeric: '2.5' },
}

function solanaKernel(plugins: Plugin[] = []) {
  const { isAddress, isAddressPrefix, looksLikeAddress } = solanaAdapter({ discovery: false })
  const sent: Omit<SendTransactionParameters, 'connector' | 'network'>[] = []
  const adapter: ChainAdapter = {
    namespace: 'solana',
    isAddress,
    isAddressPrefix,
    looksLikeAddress,
    getTokenBalances: async () => [solBalance],
    getBalance: async () => ({ balance: '2.5', symbol: 'SOL' }),
    estimateFee: async () => ({ fee: 5000n, symbol: 'SOL' }),
    async sendTransaction({ connector: _c, network: _n, ...params }) {
      sent.push(params)
      return '5'.repeat(88)
    },
  }
  const wallet: Connector = {
    id: 'test.solana',
    name: 'Test Solana Wallet',
    type: 'ANNOUNCED',
    chain: 'solana',
    connect: async () => ({ accounts: [{ address: ME, type: 'eoa' }], chainId: localSol.id }),
    disconnect: async () => {},
    getProvider: () => ({}),
  }
  const kernel = createKernel({
    networks: [localSol],
    adapters: [adapter],
    storage: null,
    plugins: [send(), ...plugins],
  })
  kernel.connectors.register(wallet)
  return { kernel, sent }
}

async function connected(kernel: Kernel) {
  await act(async () => {
    await connect(kernel, { connectorId: 'test.solana' })
  })
  act(() => {
    kernel.store.setState((draft) => {
      draft.accounts.solana!.tokenBalance = [solBalance]
    })
  })
}

const namesFor = (resolve: (name: string) => Promise<string | undefined>) =>
  definePlugin({ id: 'test-names', setup: (ctx) => ctx.services.add(NAME_RESOLVER_SERVICE, resolve) })

describe('the receiver on Solana: address rules come from the adapter', () => {
  it('a base58 address being typed is held back, hex is not a Solana address at all', () => {
    const { kernel } = solanaKernel()
    expect(isAddressBeingTyped(kernel, 'solana', ME.slice(0, 12))).toBe(true)
    expect(isAddressBeingTyped(kernel, 'solana', '0x7099')).toBe(false)
    // The same text in an EVM kernel: the EVM adapter's rules.
    const { kernel: evm } = makeKernel()
    expect(isAddressBeingTyped(evm, 'eip155', '0x7099')).toBe(true)
    expect(isAddressBeingTyped(evm, 'eip155', ME.slice(0, 12))).toBe(false)
  })

  it('a mistyped base58 address is never sent to the name resolver; a name is', async () => {
    const resolve = vi.fn(async (name: string) => (name === 'bob.sol' ? BOB : undefined))
    const { kernel } = solanaKernel([namesFor(resolve)])
    expect(mayBeName(kernel, 'solana', BOB_MISTYPED)).toBe(false)
    expect(await resolveReceiver(kernel, 'solana', BOB_MISTYPED)).toEqual({ kind: 'invalid' })
    expect(resolve).not.toHaveBeenCalled()
    expect(await resolveReceiver(kernel, 'solana', BOB)).toEqual({ kind: 'address', address: BOB })
    expect(await resolveReceiver(kernel, 'solana', 'bob.sol')).toEqual({
      kind: 'name',
      name: 'bob.sol',
      address: BOB,
    })
    expect(resolve).toHaveBeenCalledWith('bob.sol', 'solana')
  })

  it('prepareSend takes a base58 receiver and 9-decimal lamports, refuses a mistyped one', async () => {
    const { kernel } = solanaKernel()
    await connected(kernel)
    const fill = (patch: object) => sendSlice(kernel).set((draft) => void Object.assign(draft, patch))
    fill({ token: solBalance, sendTokenAmount: '1.5', receiverAddress: BOB_MISTYPED })
    expect(() => prepareSend(kernel)).toThrow(/Invalid address/)
    fill({ receiverAddress: BOB })
    expect(prepareSend(kernel)).toMatchObject({ namespace: 'solana', to: BOB, value: 1_500_000_000n })
  })
})

describe('the Send view on Solana', () => {
  function note() {
    const root = document.querySelector('latchkit-modal')?.shadowRoot
    return root?.querySelector('[data-latchkit=send-receiver-note]')?.textContent
  }

  it('says nothing while a base58 address is typed, and Invalid address once it cannot be one', async () => {
    const { kernel } = solanaKernel()
    renderWith(kernel)
    await connected(kernel)
    await openOn(kernel, 'Send')
    const receiver = modal().getByLabelText('To') as HTMLInputElement
    for (const length of [1, 8, 20, 32, 43]) {
      await type(receiver, BOB.slice(0, length))
      expect(note(), BOB.slice(0, length)).toBe('')
    }
    await type(receiver, `${BOB}z`)
    expect(note()).toBe('Invalid address')
    await type(receiver, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(note()).toBe('Invalid address')
    await type(receiver, BOB)
    expect(note()).toBe('')
    expect(receiver.getAttribute('aria-invalid')).toBe('false')
  })

  it('with a name resolver, a mistyped address says so at once instead of being looked up', async () => {
    const resolve = vi.fn(async () => undefined)
    const { kernel } = solanaKernel([namesFor(resolve)])
    renderWith(kernel)
    await connected(kernel)
    await openOn(kernel, 'Send')
    await type(modal().getByLabelText('To'), `${BOB}z`)
    expect(note()).toBe('Invalid address')
    await settle()
    expect(resolve).not.toHaveBeenCalled()
  })
})
