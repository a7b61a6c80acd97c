/**
 * Plugins whose service the app's server does not offer say so: once the Blockchain API's
 * `GET /v1/features` says a feature is absent, Buy and Swap are disabled with the reason
 * (on the Account view too, which was open before the answer came), "Choose a name" and the
 * Activity tab are not offered, sign-in is not asked for, and nothing is logged as an error.
 * A verifier elsewhere that answers 501 makes the sign view say sign-in is not available. An API that cannot say
 * (an older server: 404) leaves every entry point as it was. The real server and Chromium
 * are in test/server/cli/absentFeatures.browser.test.ts.
 */
import { act } from '@testing-library/react'
import type { Kernel } from 'latchkit'
import { ens } from 'latchkit/plugins/ens'
import { history } from 'latchkit/plugins/history'
import { onramp } from 'latchkit/plugins/onramp'
import { httpVerifier, requestSiwe, SIWE_VIEW_ID, type SiweState, siwe } from 'latchkit/plugins/siwe'
import { swaps } from 'latchkit/plugins/swaps'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareSwap } from '../../plugins/swaps/prepareSwap'
import { swapUnavailability } from '../../plugins/swaps/swapAvailability'
import { jsonResponse } from '../support/fakeApi'
import { click, connectWallet, makeKernel, modal, openOn, renderWith, settle } from './helpers'

beforeAll(async () => {
  await Promise.all([
    import('../../src/react/views/AccountView'),
    import('../../src/react/views/firstOpen'),
    import('../../plugins/siwe/views/ConnectingSiweView'),
  ])
})

const API = 'https://api.test'
type Features = Record<string, unknown> | 'route missing'

/**
 * A fetch standing in for the Blockchain API: `/v1/features` answers `features` (a 404 in
 * the servers' error shape for 'route missing'), identities have no name, balances are
 * empty. `release` holds the features answer until called, when given.
 */
function fakeApi(features: Features, hold?: Promise<void>) {
  const asked: string[] = []
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input)
    asked.push(url.pathname)
    const json = (body: unknown, status = 200) => jsonResponse(body, status)
    if (url.pathname === '/v1/features') {
      await hold
      asked.push('answered /v1/features')
      return features === 'route missing'
        ? json({ code: 'NOT_FOUND', message: 'no route for GET /v1/features' }, 404)
        : json(features)
    }
    if (url.pathname.startsWith('/v1/identity/')) return json({ name: null, avatar: null })
    if (url.pathname.endsWith('/balance')) return json({ balances: [] })
    if (url.pathname.startsWith('/siwe/'))
      return json({ code: 'SIWE_NOT_CONFIGURED', message: 'Sign-in is not configured on this server' }, 501)
    return json({ code: 'NOT_FOUND', message: `no route for GET ${url.pathname}` }, 404)
  })
  return asked
}

const errors: unknown[][] = []
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  errors.length = 0
})

const allFour = () => [onramp(), swaps({ chains: ['eip155:31337', 'eip155:31338'] }), ens(), history()]

async function connectedKernel(features: Features, hold?: Promise<void>, plugins = allFour()) {
  vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args))
  const asked = fakeApi(features, hold)
  const { kernel } = makeKernel({ api: { blockchainUrl: API }, projectId: 'test', plugins })
  await connectWallet(kernel)
  // The API client loads on the first request: wait for the question to be sent, and for
  // its answer to land unless it is held.
  await vi.waitFor(() => expect(asked).toContain('/v1/features'))
  if (!hold) await vi.waitFor(() => expect(answerLanded(kernel, features, asked)).toBe(true))
  await settle()
  return { kernel, asked }
}

/** Whether the onramp plugin took the answer in; a 404, which changes nothing, once sent. */
function answerLanded(kernel: Kernel, features: Features, asked: string[]): boolean {
  const served = kernel.pluginState<{ served?: boolean }>('onramp')?.served
  return features === 'route missing' ? asked.includes('answered /v1/features') : served !== undefined
}

const feature = (kernel: Kernel, id: string) => kernel.slots.list('features').find((item) => item.id === id)
const tabIds = (kernel: Kernel) => kernel.slots.list('accountTabs').map((tab) => tab.id)

describe('a server without on-ramp, swaps, names or history', () => {
  const none = { names: false, onramp: false, history: false, swapChains: [] }

  it('disables Buy and Swap with the reason, offers no name and no Activity tab, and logs no error', async () => {
    const { kernel, asked } = await connectedKernel(none)
    expect(asked).toContain('/v1/features')
    expect(feature(kernel, 'onramp')?.unavailable?.(kernel)).toBe('Buying is not available in this app')
    expect(feature(kernel, 'swaps')?.unavailable?.(kernel)).toBe('Swaps are not available in this app')
    expect(swapUnavailability(kernel)).toBe('SWAPS_NOT_CONFIGURED')
    expect(() => prepareSwap(kernel)).toThrow('Swaps are not available in this app')
    // The identity said the account has no name; the names service is absent all the same.
    await vi.waitFor(() => expect(kernel.getState().accounts.eip155?.profileName).toBeNull())
    expect(feature(kernel, 'ens')).toBeUndefined()
    expect(tabIds(kernel)).not.toContain('activity')
    // No request went to a service the server does not have.
    expect(asked.filter((path) => /onramp|convert|profile|history/.test(path))).toEqual([])
    expect(errors).toEqual([])
  })

  it('the open Account view disables the buttons when the answer comes after it rendered', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const { kernel } = await connectedKernel(none, held)
    renderWith(kernel)
    await openOn(kernel, 'Account')
    const buy = () => modal().getByText('Buy').closest('button') as HTMLButtonElement
    expect(buy().disabled).toBe(false)
    await vi.waitFor(() => expect(modal().queryByText('Choose a name')).not.toBeNull())

    await act(async () => release())
    await vi.waitFor(() => expect(buy().disabled).toBe(true))
    expect(modal().getByText('Buying is not available in this app')).toBeTruthy()
    const swap = modal().getByText('Swap').closest('button') as HTMLButtonElement
    expect(swap.disabled).toBe(true)
    expect(modal().getByText('Swaps are not available in this app')).toBeTruthy()
    expect(modal().queryByText('Choose a name')).toBeNull()
    expect(modal().queryByRole('tab', { name: 'Activity' })).toBeNull()
    expect(errors).toEqual([])
  })
})

describe('the open Account view', () => {
  it('disables Buy when only its plugin state changes (no slot comes or goes)', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const { kernel } = await connectedKernel({ onramp: false }, held, [onramp()])
    renderWith(kernel)
    await openOn(kernel, 'Account')
    const buy = () => modal().getByText('Buy').closest('button') as HTMLButtonElement
    expect(buy().disabled).toBe(false)
    await act(async () => release())
    await vi.waitFor(() => expect(buy().disabled).toBe(true))
    expect(modal().getByText('Buying is not available in this app')).toBeTruthy()
  })
})

describe('a server that serves them', () => {
  it('swaps on some chains only: Swap names the chains both the app and the server swap on', async () => {
    const { kernel } = await connectedKernel({
      names: true,
      onramp: true,
      history: true,
      swapChains: ['eip155:31338', 'eip155:1'],
    })
    expect(feature(kernel, 'onramp')?.unavailable?.(kernel)).toBeUndefined()
    expect(feature(kernel, 'swaps')?.unavailable?.(kernel)).toBe('Swaps work on Local 31338')
    await vi.waitFor(() => expect(feature(kernel, 'ens')).toBeDefined())
    expect(tabIds(kernel)).toContain('activity')
  })

  it('an API that cannot say (no /v1/features) keeps every entry point, quietly', async () => {
    const { kernel, asked } = await connectedKernel('route missing')
    expect(asked).toContain('/v1/features')
    expect(feature(kernel, 'onramp')?.unavailable?.(kernel)).toBeUndefined()
    expect(feature(kernel, 'swaps')?.unavailable?.(kernel)).toBeUndefined()
    await vi.waitFor(() => expect(feature(kernel, 'ens')).toBeDefined())
    expect(tabIds(kernel)).toContain('activity')
    expect(errors).toEqual([])
  })
})

describe('sign-in on a server without a verifier', () => {
  const siweState = (kernel: Kernel) => kernel.pluginState<SiweState>('siwe') as SiweState
  const signView = (kernel: Kernel) =>
    kernel.getState().modal.open ? kernel.router.current()?.view === SIWE_VIEW_ID : false

  async function signInKernel(features: Features, verifierUrl = API) {
    vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args))
    const asked = fakeApi(features)
    const { kernel } = makeKernel({
      api: { blockchainUrl: API },
      projectId: 'test',
      plugins: [siwe({ verifier: httpVerifier(verifierUrl) })],
    })
    const errorEvents: unknown[] = []
    kernel.bus.on('error', (event) => void errorEvents.push(event))
    renderWith(kernel)
    await connectWallet(kernel)
    // Only a verifier on the API is asked about there.
    if (verifierUrl === API) await vi.waitFor(() => expect(asked).toContain('/v1/features'))
    return { kernel, asked, errorEvents }
  }

  it('asks nothing of /siwe/* and opens no sign view when GET /v1/features says siwe: false', async () => {
    const { kernel, asked, errorEvents } = await signInKernel({ names: false, siwe: false })
    await vi.waitFor(() => expect(siweState(kernel).unavailable).toBe(true))
    await settle()
    expect(signView(kernel)).toBe(false)
    // An app's own button hears why, without a request.
    await expect(requestSiwe(kernel)).rejects.toMatchObject({
      code: 'SIWE_NOT_CONFIGURED',
      shortMessage: 'Sign-in is not available in this app',
    })
    expect(asked.filter((path) => path.startsWith('/siwe/'))).toEqual([])
    expect(kernel.getState().accounts.eip155?.status).toBe('connected')
    expect(errorEvents).toEqual([])
    expect(errors).toEqual([])
  })

  it('asks to sign in once the server says it signs in, or cannot say', async () => {
    for (const features of [{ siwe: true }, 'route missing'] as const) {
      const { kernel } = await signInKernel(features)
      await vi.waitFor(() => expect(signView(kernel)).toBe(true))
      expect(siweState(kernel).unavailable).toBe(false)
      kernel.close()
      vi.unstubAllGlobals()
    }
  })

  it('a verifier elsewhere answering 501: the sign view says sign-in is not available, and the wallet stays', async () => {
    const { kernel, asked, errorEvents } = await signInKernel({ siwe: false }, 'https://auth.test')
    // The API's answer is about itself, not about a verifier elsewhere.
    await vi.waitFor(() => expect(signView(kernel)).toBe(true))
    await settle()
    const sign = () => modal().getByRole('button', { name: 'Sign' }) as HTMLButtonElement
    await click(sign())
    await vi.waitFor(() => expect(modal().getByText('Sign-in is not available in this app')).toBeTruthy())
    expect(sign().disabled).toBe(true)
    expect(modal().queryByRole('alert')).toBeNull()
    expect(asked.filter((path) => path.startsWith('/siwe/'))).toEqual(['/siwe/nonce'])
    expect(siweState(kernel).unavailable).toBe(true)
    expect(siweState(kernel).error).toBeUndefined()
    expect(kernel.getState().accounts.eip155?.status).toBe('connected')
    await expect(requestSiwe(kernel)).rejects.toMatchObject({ code: 'SIWE_NOT_CONFIGURED' })
    expect(asked.filter((path) => path.startsWith('/siwe/'))).toEqual(['/siwe/nonce'])
    expect(errorEvents).toEqual([])
    expect(errors).toEqual([])
  })
})
