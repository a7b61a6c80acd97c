/**
 * The provider boundary: what a provider Latchkit hands out rejects with (numeric EIP-1193
 * codes, as viem's custom transport names them), and the way back to the Latchkit error
 * for Latchkit's own views.
 */
import {
  LatchError,
  ProviderRpcError,
  SwitchChainError,
  toProviderRpcError,
  UserRejectedRequestError,
  withProviderRpcErrors,
} from 'latchkit'
import { latchError, toRpcError } from 'latchkit/internal'
import { createWalletClient, custom } from 'viem'
import { describe, expect, it } from 'vitest'

describe('toProviderRpcError', () => {
  it('gives a LatchError its rpcCode, else its kind, else -32603, with the LatchError in cause', () => {
    const declined = new UserRejectedRequestError({ details: 'no' })
    expect(toProviderRpcError(declined)).toMatchObject({
      name: 'ProviderRpcError',
      code: 4001,
      message: 'User rejected the request',
      cause: declined,
    })
    expect(toProviderRpcError(new SwitchChainError()).code).toBe(4902)
    expect(toProviderRpcError(new LatchError('Gone', { code: 'PROVIDER_DISCONNECTED' })).code).toBe(4900)
    expect(toProviderRpcError(latchError('TIMEOUT')).code).toBe(-32603)
    expect(toProviderRpcError(toRpcError(new Error('odd'))).code).toBe(-32603)
  })

  it("keeps a wallet's or node's numeric code and data from the cause chain", () => {
    const reverted = { code: 3, message: 'execution reverted', data: '0x08c379a0' }
    expect(toProviderRpcError(toRpcError(reverted))).toMatchObject({ code: 3, data: '0x08c379a0' })
    expect(toProviderRpcError(reverted)).toMatchObject({
      code: 3,
      message: 'execution reverted',
      data: '0x08c379a0',
    })
    expect(toProviderRpcError(new Error('boom'))).toMatchObject({ code: -32603, message: 'boom' })
    const already = new ProviderRpcError(4100, 'Unauthorized')
    expect(toProviderRpcError(already)).toBe(already)
  })

  it('round-trips: toRpcError gives back the very LatchError a provider rejected with', () => {
    const original = new UserRejectedRequestError({ details: 'declined in the wallet' })
    expect(toRpcError(toProviderRpcError(original))).toBe(original)
    // A provider error from a wallet that is not Latchkit's maps by its code, as before.
    expect(toRpcError(new ProviderRpcError(4001, 'no'))).toBeInstanceOf(UserRejectedRequestError)
  })
})

describe('withProviderRpcErrors', () => {
  const failing = (error: unknown) =>
    withProviderRpcErrors({
      request: async () => {
        throw error
      },
    })
  const viemName = (provider: ReturnType<typeof failing>) =>
    createWalletClient({ transport: custom(provider) })
      .request({ method: 'eth_chainId' })
      .then(
        () => 'resolved',
        (error: Error) => error.name,
      )

  it('makes every rejection one viem names by its code', async () => {
    expect(await viemName(failing(new UserRejectedRequestError()))).toBe('UserRejectedRequestError')
    expect(await viemName(failing(toRpcError({ code: 4100, message: 'x' })))).toBe(
      'UnauthorizedProviderError',
    )
    expect(await viemName(failing(toRpcError({ code: 4200, message: 'x' })))).toBe(
      'UnsupportedProviderMethodError',
    )
    expect(await viemName(failing(toRpcError({ code: 4900, message: 'x' })))).toBe(
      'ProviderDisconnectedError',
    )
    expect(await viemName(failing(toRpcError({ code: 4901, message: 'x' })))).toBe('ChainDisconnectedError')
    expect(await viemName(failing(new SwitchChainError()))).toBe('SwitchChainError')
    expect(await viemName(failing(toRpcError({ code: -32602, message: 'x' })))).toBe('InvalidParamsRpcError')
    expect(await viemName(failing(latchError('TIMEOUT')))).toBe('InternalRpcError')
  })

  it('keeps the provider object, its other methods and what request resolves with', async () => {
    const provider = { request: async () => '0x1', on: () => provider }
    expect(withProviderRpcErrors(provider)).toBe(provider)
    expect(await provider.request()).toBe('0x1')
  })
})
