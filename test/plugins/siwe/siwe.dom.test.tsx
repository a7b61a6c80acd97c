/**
 * The siwe plugin against 'Sign-in' and the sign-in messages, with an
 * in-test wallet and verifier (the real verifier and wallet are in verifier.test.ts and
 * browser.test.ts).
 */
import { act, cleanup } from '@testing-library/react'
import { connect, createKernel, disconnect, isUserRejection, reconnect } from 'latchkit'
import {
  getSiweSession,
  requestSiwe,
  type SiweSession,
  type SiweState,
  signOut,
  siweSessionKey,
} from 'latchkit/plugins/siwe'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ALICE,
  BOB,
  chainA,
  chainB,
  click,
  currentView,
  makeKernel,
  memoryStorage,
  memoryVerifier,
  renderModal,
  settle,
  testWallet,
} from './helpers'

afterEach(cleanup)
// The dialog, the view and the message builder load lazily; warm them so a click is answered within
// a few ticks and no import is in flight at teardown.
beforeAll(async () => {
  await Promise.all([
    import('../../../src/react/views/firstOpen'),
    import('../../../plugins/siwe/views/ConnectingSiweView'),
    import('../../../plugins/siwe/buildSiweMessage'),
  ])
})

const slice = (kernel: ReturnType<typeof makeKernel>['kernel']) =>
  kernel.pluginState<SiweState>('siwe') as SiweState
const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

describe('siwe: asking', () => {
  it('opens ConnectingSiwe after connect, and the view asks to sign', async () => {
    const { kernel } = makeKernel()
    const modal = renderModal(kernel)
    await act(() => connect(kernel, { connectorId: 'test.wallet' }))
    expect(currentView(kernel)).toBe('ConnectingSiwe')
    await settle()
    expect(modal().getByText('Latch Test wants to connect to your wallet')).toBeTruthy()
    expect(modal().getByText('0x70...dc79C8')).toBeTruthy()
    expect(modal().getByRole('button', { name: 'Sign' })).toBeTruthy()
    expect(modal().getByRole('heading', { name: 'Sign In' })).toBeTruthy()
  })

  it('does not ask on an unsupported chain, nor when the plugin is absent', async () => {
    const { kernel } = makeKernel({ wallet: testWallet(undefined, 1) })
    await connect(kernel, { connectorId: 'test.wallet' })
    await settle(1)
    expect(currentView(kernel)).not.toBe('ConnectingSiwe')

    const bare = createKernel({ networks: [chainA], storage: null })
    expect(() => getSiweSession(bare)).toThrow('SIWX is not enabled')
    await expect(requestSiwe(bare)).rejects.toMatchObject({ code: 'SIWX_NOT_ENABLED' })
  })
})

describe('siwe: signing', () => {
  it('success: Authenticating... while signing, then the session is kept and the modal closes', async () => {
    const { kernel, sign, verifier } = makeKernel()
    const modal = renderModal(kernel)
    const events: string[] = []
    kernel.bus.on('siwe:signed-in', ({ session }) => events.push(`in ${session.address}`))
    await act(() => connect(kernel, { connectorId: 'test.wallet' }))
    await settle()

    let approve: (signature: string) => void = () => {}
    sign.mockImplementationOnce(() => new Promise((resolve) => (approve = resolve)))
    await click(modal().getByRole('button', { name: 'Sign' }))
    await vi.waitFor(() => expect(sign).toHaveBeenCalled())
    const busy = modal().getByRole('button', { name: 'Authenticating...' }) as HTMLButtonElement
    expect(busy.disabled).toBe(true)

    await act(async () => approve(`0x${'ab'.repeat(65)}`))
    await settle()
    expect(currentView(kernel)).toBeUndefined()
    expect(getSiweSession(kernel)).toMatchObject({ address: ALICE, chainId: 31337 })
    expect(events).toEqual([`in ${ALICE}`])
    // The message is EIP-4361, bound to the app and its chain.
    const message = verifier.messages[0] as string
    expect(message).toMatch(
      /^app\.example wants you to sign in with your Ethereum account:\n0x70997970C51812dc3A010C7d01b50e0d17dc79C8\n\nSign in to Latch Test\n\nURI: https:\/\/app\.example\nVersion: 1\nChain ID: 31337\nNonce: nonce1x0000\nIssued At: /,
    )
    expect(sign).toHaveBeenCalledWith(message)
  })

  it.each([
    ['by default, 7 days after Issued At', undefined, 7 * 24 * 60 * 60 * 1000],
    ['with expiresInMs, that long after Issued At', 60_000, 60_000],
    ['with expiresInMs 0, none', 0, undefined],
  ])('the message signs an Expiration Time: %s', async (_, expiresInMs, lasts) => {
    const { kernel, verifier } = makeKernel(expiresInMs === undefined ? {} : { siwe: { expiresInMs } })
    const modal = renderModal(kernel)
    await act(() => connect(kernel, { connectorId: 'test.wallet' }))
    await settle()
    await click(modal().getByRole('button', { name: 'Sign' }))
    await vi.waitFor(() => expect(verifier.messages).toHaveLength(1))
    const message = verifier.messages[0] as string
    const field = (name: string) => new RegExp(`\\n${name}: (\\S+)`).exec(message)?.[1]
    const issuedAt = Date.parse(field('Issued At') as string)
    const expiration = field('Expiration Time')
    expect(expiration === undefined ? undefined : Date.parse(expiration) - issuedAt).toBe(lasts)
  })

  it('failure: the view reopens with Signature declined, and Sign tries again', async () => {
    const { kernel, sign } = makeKernel()
    const modal = renderModal(kernel)
    await act(() => connect(kernel, { connectorId: 'test.wallet' }))
    await settle()
    let decline: (error: Error) => void = () => {}
    sign.mockImplementationOnce(() => new Promise((_, reject) => (decline = reject)))
    await click(modal().getByRole('button', { name: 'Sign' }))
    await vi.waitFor(() => expect(sign).toHaveBeenCalled())
    // The visitor closes the modal while the wallet prompt is open (allowed: not required).
    act(() => void kernel.close())
    expect(currentView(kernel)).toBeUndefined()

    await act(async () => decline(rejection()))
    await settle()
    expect(currentView(kernel)).toBe('ConnectingSiwe')
    expect(modal().getByRole('alert').textContent).toBe('Signature declined')
    expect(slice(kernel).error).toEqual({ code: 'SIGNATURE_DECLINED', message: 'Signature declined' })
    expect(getSiweSession(kernel)).toBeUndefined()

    await click(modal().getByRole('button', { name: 'Sign' }))
    await vi.waitFor(() => expect(currentView(kernel)).toBeUndefined())
    expect(getSiweSession(kernel)).toBeDefined()
  })

  it('a smart account that cannot sign gets the Smart Accounts message', async () => {
    const wallet = testWallet([{ address: ALICE, type: 'smartAccount' }])
    const { kernel, sign } = makeKernel({ wallet })
    await connect(kernel, { connectorId: 'test.wallet' })
    sign.mockRejectedValueOnce(new Error('unsupported'))
    const error = await requestSiwe(kernel).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'SMART_ACCOUNT_SIGN_UNSUPPORTED',
      shortMessage: 'This application might not support Smart Accounts',
    })
    expect(slice(kernel).error?.message).toBe('This application might not support Smart Accounts')
  })

  it('a verifier that refuses the signature is a declined sign-in, with the cause kept', async () => {
    const { kernel, verifier } = makeKernel()
    await connect(kernel, { connectorId: 'test.wallet' })
    verifier.verify.mockRejectedValueOnce(new Error('signature_invalid'))
    const error = (await requestSiwe(kernel).catch((e: unknown) => e)) as { code: string; cause: Error }
    expect(error.code).toBe('SIGNATURE_DECLINED')
    expect(error.cause.message).toBe('signature_invalid')
    expect(isUserRejection(error)).toBe(false)
  })

  it('no nonce: A problem occurred while trying initialize authentication, the wallet is disconnected, the view reset', async () => {
    const { kernel, verifier } = makeKernel()
    await connect(kernel, { connectorId: 'test.wallet' })
    await settle(1)
    verifier.getNonce.mockRejectedValueOnce(new Error('verifier down'))
    const error = await requestSiwe(kernel).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'SIWX_INIT_FAILED',
      shortMessage: 'A problem occurred while trying initialize authentication',
    })
    expect(kernel.getState().status).toBe('disconnected')
    expect(currentView(kernel)).toBe('Connect')
    expect(slice(kernel).error?.code).toBe('SIWX_INIT_FAILED')
  })
})

describe('siwe: cancel and required mode', () => {
  it('not required: Cancel only closes; the wallet stays connected', async () => {
    const { kernel } = makeKernel()
    const modal = renderModal(kernel)
    await act(() => connect(kernel, { connectorId: 'test.wallet' }))
    await settle()
    await click(modal().getByRole('button', { name: 'Cancel' }))
    expect(currentView(kernel)).toBeUndefined()
    expect(kernel.getState().status).toBe('connected')
  })

  it('required: closing is blocked until signed in, Cancel disconnects', async () => {
    const { kernel } = makeKernel({ siwe: { required: true } })
    const modal = renderModal(kernel)
    await act(() => connect(kernel, { connectorId: 'test.wallet' }))
    await settle()
    expect(modal().getByText(/Canceling will disconnect you/)).toBeTruthy()
    expect(kernel.close()).toBe(false)
    await click(modal().getByRole('button', { name: 'Close' }))
    expect(currentView(kernel)).toBe('ConnectingSiwe')

    await click(modal().getByRole('button', { name: 'Cancel' }))
    expect(currentView(kernel)).toBeUndefined()
    expect(kernel.getState().status).toBe('disconnected')
  })

  it('required: once signed in, the modal closes and may be closed again', async () => {
    const { kernel } = makeKernel({ siwe: { required: true } })
    await connect(kernel, { connectorId: 'test.wallet' })
    await settle(1)
    await requestSiwe(kernel)
    expect(currentView(kernel)).toBeUndefined()
    kernel.open()
    expect(kernel.close()).toBe(true)
  })
})

describe('siwe: sessions', () => {
  it('survive a reload: restored without asking, confirmed with the verifier', async () => {
    const storage = memoryStorage()
    const verifier = memoryVerifier()
    const first = makeKernel({ storage, verifier })
    await connect(first.kernel, { connectorId: 'test.wallet' })
    const session = await requestSiwe(first.kernel)
    first.kernel.destroy()

    // The reload: a new kernel on the same storage reconnects silently.
    const second = makeKernel({ storage, verifier })
    await reconnect(second.kernel)
    await settle(2)
    expect(second.kernel.getState().status).toBe('connected')
    expect(currentView(second.kernel)).toBeUndefined()
    expect(getSiweSession(second.kernel)).toMatchObject({ address: ALICE, token: session.token })
    expect(verifier.getSession).toHaveBeenCalledWith({
      session: expect.objectContaining({ token: session.token }),
    })
    second.kernel.destroy()

    // The server forgot it meanwhile: the next visit asks again.
    verifier.live.clear()
    const third = makeKernel({ storage, verifier })
    await reconnect(third.kernel)
    await settle(2)
    expect(getSiweSession(third.kernel)).toBeUndefined()
    expect(currentView(third.kernel)).toBe('ConnectingSiwe')
    expect(storage.items.has(`latchkit:${siweSessionKey.name}`)).toBe(false)
  })

  it('a kept session ends when the wallet does not come back at start-up', async () => {
    const storage = memoryStorage()
    const verifier = memoryVerifier()
    const first = makeKernel({ storage, verifier })
    await connect(first.kernel, { connectorId: 'test.wallet' })
    const session = await requestSiwe(first.kernel)
    first.kernel.destroy()

    // The visitor removed the site in the wallet meanwhile: no silent reconnect.
    const wallet = testWallet()
    wallet.connector.getAuthorized = async () => undefined
    const second = makeKernel({ storage, verifier, wallet })
    await reconnect(second.kernel)
    await settle(1)
    expect(second.kernel.getState().status).toBe('disconnected')
    expect(slice(second.kernel).session).toBeUndefined()
    expect(verifier.live.has(session.token as string)).toBe(false)
  })

  it('an account or chain switch the session does not cover asks again; switching back does not', async () => {
    const { kernel, emit } = makeKernel()
    await connect(kernel, { connectorId: 'test.wallet' })
    await requestSiwe(kernel)

    act(() => emit({ type: 'accountsChanged', accounts: [{ address: BOB, type: 'eoa' }] }))
    await settle(1)
    expect(currentView(kernel)).toBe('ConnectingSiwe')
    expect(getSiweSession(kernel)).toBeUndefined()

    act(() => emit({ type: 'accountsChanged', accounts: [{ address: ALICE, type: 'eoa' }] }))
    await settle(1)
    expect(currentView(kernel)).toBeUndefined()
    expect(getSiweSession(kernel)).toMatchObject({ address: ALICE })

    act(() => emit({ type: 'chainChanged', chainId: chainB.id }))
    await settle(1)
    expect(currentView(kernel)).toBe('ConnectingSiwe')
    const onB = await requestSiwe(kernel)
    expect(onB).toMatchObject({ address: ALICE, chainId: 31338 })
  })

  it('disconnect clears the session and revokes it; signOut waits for the revocation', async () => {
    const storage = memoryStorage()
    const { kernel, verifier } = makeKernel({ storage })
    const ended: Array<[string, SiweSession['token']]> = []
    kernel.bus.on('siwe:signed-out', ({ reason, session }) => ended.push([reason, session.token]))
    await connect(kernel, { connectorId: 'test.wallet' })
    const first = await requestSiwe(kernel)
    await disconnect(kernel)
    expect(slice(kernel).session).toBeUndefined()
    expect(storage.items.has(`latchkit:${siweSessionKey.name}`)).toBe(false)
    expect(verifier.revokeSession).toHaveBeenCalledWith(expect.objectContaining({ token: first.token }))

    await connect(kernel, { connectorId: 'test.wallet' })
    const second = await requestSiwe(kernel)
    await signOut(kernel)
    expect(verifier.live.has(second.token as string)).toBe(false)
    expect(kernel.getState().status).toBe('disconnected')
    expect(ended).toEqual([
      ['disconnect', first.token],
      ['sign-out', second.token],
    ])
  })
})
