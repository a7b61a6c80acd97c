import { act, render, renderHook, screen } from '@testing-library/react'
import { LatchError } from 'latchkit'
import {
  LatchProvider,
  ProviderMissingError,
  useAccount,
  useConnectors,
  useKernel,
  useKernelState,
  useModal,
  useNetwork,
  useSlot,
  useT,
} from 'latchkit/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADDRESS, fakeConnector, makeKernel, setConnected } from './fixtures'

afterEach(() => vi.restoreAllMocks())

function Title() {
  return <span>{useT()('button.connect')}</span>
}

describe('hooks outside the provider', () => {
  const hooks: Record<string, () => unknown> = {
    useKernel: () => useKernel(),
    useKernelState: () => useKernelState((s) => s.status),
    useModal: () => useModal(),
    useAccount: () => useAccount(),
    useNetwork: () => useNetwork(),
    useConnectors: () => useConnectors(),
    useSlot: () => useSlot('features'),
    useT: () => useT(),
  }
  for (const [name, hook] of Object.entries(hooks)) {
    it(`${name} throws ProviderMissingError`, () => {
      vi.spyOn(console, 'error').mockImplementation(() => {})
      let caught: unknown
      try {
        renderHook(hook)
      } catch (error) {
        caught = error
      }
      expect(caught).toBeInstanceOf(ProviderMissingError)
      expect(caught).toBeInstanceOf(LatchError)
      expect((caught as LatchError).code).toBe('PROVIDER_MISSING')
      expect((caught as Error).message).toContain(`${name} must be used inside <LatchProvider>`)
    })
  }
})

describe('hooks inside the provider', () => {
  const setup = () => {
    const kernel = makeKernel()
    const wrapper = ({ children }: { children: ReactNode }) => (
      <LatchProvider kernel={kernel}>{children}</LatchProvider>
    )
    return { kernel, wrapper }
  }

  it('useAccount follows the active namespace and reports isConnected', () => {
    const { kernel, wrapper } = setup()
    const { result } = renderHook(() => useAccount(), { wrapper })
    expect(result.current).toMatchObject({ namespace: 'eip155', isConnected: false, address: undefined })
    setConnected(kernel, { balance: '1.5', balanceSymbol: 'ETH' })
    expect(result.current).toMatchObject({
      isConnected: true,
      address: ADDRESS,
      balance: '1.5',
      status: 'connected',
    })
  })

  it('useAccount keeps its reference when an unrelated part of the state changes', () => {
    const { kernel, wrapper } = setup()
    let renders = 0
    const { result } = renderHook(
      () => {
        renders++
        return useAccount()
      },
      { wrapper },
    )
    const first = result.current
    const before = renders
    act(() => kernel.snackbar.success('hello'))
    expect(result.current).toBe(first)
    expect(renders).toBe(before)
  })

  it('useModal opens, closes and names the view', async () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => useModal(), { wrapper })
    expect(result.current.isOpen).toBe(false)
    await act(async () => result.current.open('Networks'))
    expect(result.current).toMatchObject({ isOpen: true, view: 'Networks' })
    await act(async () => {
      result.current.close()
    })
    expect(result.current).toMatchObject({ isOpen: false, view: undefined })
  })

  it('useNetwork gives the active network and switches through the kernel action', async () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => useNetwork(), { wrapper })
    expect(result.current.caipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(result.current.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
    expect(result.current.supported).toBe(true)
    await act(() => result.current.switchNetwork('eip155:8453'))
    expect(result.current.caipNetwork?.name).toBe('Base')
  })

  it('useConnectors re-renders as connectors register and filters by namespace', () => {
    const { kernel, wrapper } = setup()
    const { result } = renderHook(() => ({ all: useConnectors(), solana: useConnectors('solana') }), {
      wrapper,
    })
    expect(result.current.all).toEqual([])
    act(() => {
      kernel.connectors.register(fakeConnector())
    })
    expect(result.current.all.map((c) => c.id)).toEqual(['test.wallet'])
    expect(result.current.solana).toEqual([])
  })

  it('useT re-renders on a locale change', () => {
    const { kernel, wrapper } = setup()
    render(<Title />, { wrapper })
    expect(screen.getByText('Connect Wallet')).toBeTruthy()
    act(() => kernel.i18n.setLocale({ 'button.connect': 'Wallet verbinden' }))
    expect(screen.getByText('Wallet verbinden')).toBeTruthy()
  })
})
