import { connect, sendTransaction, signMessage, UserRejectedRequestError } from 'latchkit'
import { describe, expect, it, vi } from 'vitest'
import { fakeWallet, testKernel } from './helpers'

describe('signMessage and sendTransaction actions', () => {
  it('refuse without a connected account, with the internal error', async () => {
    const kernel = testKernel({ adapters: [{ namespace: 'eip155', signMessage: async () => '0xsig' }] })
    await expect(signMessage(kernel, { message: 'hi' })).rejects.toThrow('No ActiveCaipAddress found')
    await expect(sendTransaction(kernel, { to: '0x2', value: 1n })).rejects.toThrow(
      'No ActiveCaipAddress found',
    )
  })

  it('pass connector, network and address to the adapter, emit tx:sent and map wallet errors', async () => {
    const sent = vi.fn()
    const send = vi.fn(async () => '0xhash')
    const kernel = testKernel({
      adapters: [
        {
          namespace: 'eip155',
          signMessage: async ({ message, address }) => `${address}:${message}`,
          sendTransaction: send,
        },
      ],
    })
    kernel.bus.on('tx:sent', sent)
    kernel.connectors.register(fakeWallet())
    await connect(kernel, { connectorId: 'fake' })
    expect(await signMessage(kernel, { message: 'hi' })).toBe('0x1111111111111111111111111111111111111111:hi')
    expect(await sendTransaction(kernel, { to: '0x2', value: 5n, gasPrice: 1n })).toBe('0xhash')
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        to: '0x2',
        value: 5n,
        gasPrice: 1n,
        from: '0x1111111111111111111111111111111111111111',
      }),
    )
    expect(sent).toHaveBeenCalledWith({
      namespace: 'eip155',
      caipNetworkId: 'eip155:1',
      hash: '0xhash',
      from: '0x1111111111111111111111111111111111111111',
      to: '0x2',
    })
    // A summary goes to tx:sent for the activity list, never to the adapter.
    const summary = { operation: 'send', amount: '1.5', symbol: 'ETH' }
    await sendTransaction(kernel, { to: '0x3', value: 5n, summary })
    expect(sent).toHaveBeenLastCalledWith(expect.objectContaining({ to: '0x3', summary }))
    expect(send).toHaveBeenLastCalledWith(expect.not.objectContaining({ summary }))
    send.mockRejectedValueOnce(Object.assign(new Error('denied'), { code: 4001 }))
    await expect(sendTransaction(kernel, { to: '0x2', value: 5n })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
  })

  it('refuse on an unsupported chain', async () => {
    const kernel = testKernel({
      allowUnsupportedChain: true,
      adapters: [{ namespace: 'eip155', signMessage: async () => '0x' }],
    })
    const wallet = fakeWallet()
    wallet.chainId = 999
    kernel.connectors.register(wallet)
    await connect(kernel, { connectorId: 'fake' })
    await expect(signMessage(kernel, { message: 'x' })).rejects.toThrow('Unsupported chain')
  })
})
