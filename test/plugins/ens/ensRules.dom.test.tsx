/**
 * The names plugin with a small fake of the names API behind the kernel's real request
 * code (fetch replaced, nothing else): the connected account's name and avatar, the
 * nameResolver and addressNamer services other plugins use, and the RegisterAccountName
 * flow from the Account view's button to the success view, with its refusals. The real
 * API, names service and chain are for the browser test.
 */
import { act, fireEvent, waitFor } from '@testing-library/react'
import {
  ADDRESS_NAMER_SERVICE,
  getAddressNamer,
  getNameResolver,
  type Kernel,
  NAME_RESOLVER_SERVICE,
  type Network,
  UserRejectedRequestError,
} from 'latchkit'
import { coinTypeOf, type EnsOptions, ens } from 'latchkit/plugins/ens'
import { AccountButton } from 'latchkit/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { apiOverFetch, jsonResponse } from '../../support/fakeApi'
import {
  BOB,
  click,
  connectWallet,
  type FakeAdapter,
  localnet,
  ME,
  makeKernel,
  modal,
  openOn,
  othernet,
  renderWith,
  settle,
  type,
  wait,
} from '../helpers'

beforeAll(async () => {
  await Promise.all([
    import('../../../plugins/ens/lookups'),
    import('../../../src/kernel/api/sendApiRequest'),
    import('../../../plugins/ens/views/RegisterAccountNameView'),
    import('../../../plugins/ens/views/RegisterAccountNameSuccessView'),
  ])
})

const AVATAR = 'data:image/svg+xml;base64,PHN2Zy8+'
const SIGNATURE = `0x${'ab'.repeat(65)}`
const CHAIN_31337 = String(coinTypeOf(31337))

type Reply = { status: number; body: unknown }
type Seen = { method: string; path: string; query: URLSearchParams; body: unknown }

/** What each route of the fake names API answers; tests change the parts they are about. */
interface FakeNamesApi {
  seen: Seen[]
  identities: Map<string, { name: string | null; avatar: string | null }>
  profiles: Map<string, unknown>
  identityReply?: Reply
  profileReply?: Reply
  suggestionsReply?: Reply
  registerReply?: Reply
  of(path: string): Seen[]
}

const refusal = (status: number, code: string, description: string): Reply => ({
  status,
  body: { message: description, code, reasons: [{ description }] },
})

function fakeNamesApi(kernel: Kernel): FakeNamesApi {
  const api: FakeNamesApi = {
    seen: [],
    identities: new Map(),
    profiles: new Map(),
    of: (prefix) => api.seen.filter((request) => request.path.startsWith(prefix)),
  }
  const answer = (request: Seen): Reply => {
    const [, , route, rest] = request.path.split('/')
    const name = decodeURIComponent(request.path.split('/').at(-1) ?? '')
    if (route === 'identity') {
      return (
        api.identityReply ?? {
          status: 200,
          body: api.identities.get(name.toLowerCase()) ?? { name: null, avatar: null },
        }
      )
    }
    if (request.path.startsWith('/v1/profile/account/')) {
      const profile = api.profiles.get(name.toLowerCase())
      return (
        api.profileReply ??
        (profile ? { status: 200, body: profile } : refusal(404, 'NOT_FOUND', `${name} is not registered`))
      )
    }
    if (request.path.startsWith('/v1/profile/suggestions/')) {
      const zone = request.query.get('zone')
      return (
        api.suggestionsReply ?? {
          status: 200,
          body: {
            suggestions: [
              { name: `${name}.${zone}`, registered: name === 'alice' },
              { name: `${name}1.${zone}`, registered: false },
            ],
          },
        }
      )
    }
    if (request.method === 'POST' && request.path === '/v1/profile/account') {
      const body = request.body as { address: string; coin_type: number; message: string }
      return (
        api.registerReply ?? {
          status: 200,
          body: {
            success: true,
            name: JSON.parse(body.message).name,
            address: body.address,
            coin_type: body.coin_type,
          },
        }
      )
    }
    if (rest === undefined && route === 'account') return { status: 404, body: { message: 'no' } }
    return { status: 200, body: { balances: [] } }
  }
  // Only how requests leave changes: the plugin's calls go through the kernel's own request code.
  apiOverFetch(
    kernel,
    async (input, init) => {
      const url = new URL(input)
      const request: Seen = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      }
      api.seen.push(request)
      const { status, body } = answer(request)
      return jsonResponse(body, status)
    },
    { install: true },
  )
  return api
}

/** A kernel with ens() and the fake API (answering before anything connects), and the log's warnings. */
function namesKernel(options: EnsOptions = {}) {
  const warnings: string[] = []
  const made = makeKernel({
    plugins: [ens({ suggestionDebounceMs: 20, ...options })],
    api: { blockchainUrl: 'http://api.test' },
    projectId: 'p',
    logger: {
      level: 'warn',
      sink: (line: string) => {
        warnings.push(line)
      },
    },
  })
  const api = fakeNamesApi(made.kernel)
  const signed: string[] = []
  const adapter: FakeAdapter = made.adapter
  adapter.signMessage = async ({ message }) => {
    signed.push(message)
    return SIGNATURE
  }
  return { ...made, api, signed, warnings }
}

/** Lets the lookups module load and its requests answer. */
const lookupsSettle = () => settle(6)

/** The wallet moves to `network` (as its chainChanged would have the kernel write). */
async function onNetwork(kernel: Kernel, network: Network) {
  await act(async () => {
    kernel.store.setState((draft) => {
      draft.networks.eip155!.caipNetwork = network
      draft.accounts.eip155!.caipAddress = `${network.caipNetworkId}:${ME}`
    })
    kernel.bus.emit('network:changed', {
      namespace: 'eip155',
      caipNetworkId: network.caipNetworkId,
      supported: true,
    })
  })
  await lookupsSettle()
}

describe("the connected account's name and avatar", () => {
  it('are read on connect (chainId of the network) and shown by the account button', async () => {
    const { kernel, api } = namesKernel()
    api.identities.set(ME.toLowerCase(), { name: 'alice.eth', avatar: AVATAR })
    const view = renderWith(kernel, <AccountButton hideBalance />)
    await connectWallet(kernel)
    await lookupsSettle()
    expect(kernel.getState().accounts.eip155).toMatchObject({
      profileName: 'alice.eth',
      profileImage: AVATAR,
    })
    expect(api.of('/v1/identity/').map((r) => [r.path, r.query.get('chainId')])).toEqual([
      [`/v1/identity/${ME}`, 'eip155:31337'],
    ])
    const button = view.container.querySelector('[data-latchkit="account-button"]') as HTMLElement
    expect(button.textContent).toContain('alice.eth')
    expect(button.querySelector('img')?.getAttribute('src')).toBe(AVATAR)
  })

  it('keep a name and picture the login gave this account when the names service has none (a Farcaster username)', async () => {
    const { kernel } = namesKernel()
    await connectWallet(kernel)
    // What the embedded wallet's connector sets for a Farcaster login, before the lookup answers.
    await act(async () => {
      kernel.store.setState((draft) => {
        draft.accounts.eip155!.profileName = 'alice-dev'
        draft.accounts.eip155!.profileImage = AVATAR
      })
    })
    await lookupsSettle()
    expect(kernel.getState().accounts.eip155).toMatchObject({
      profileName: 'alice-dev',
      profileImage: AVATAR,
    })
  })

  it('are kept 5 minutes per address and network', async () => {
    const { kernel, api } = namesKernel()
    api.identities.set(ME.toLowerCase(), { name: 'alice.eth', avatar: null })
    await connectWallet(kernel)
    await lookupsSettle()
    await onNetwork(kernel, othernet)
    await onNetwork(kernel, localnet)
    expect(api.of('/v1/identity/').map((r) => r.query.get('chainId'))).toEqual([
      'eip155:31337',
      'eip155:31338',
    ])
    expect(kernel.getState().accounts.eip155?.profileName).toBe('alice.eth')
  })

  it('leave the address shown when the API fails, and say so in the log', async () => {
    const { kernel, api, warnings } = namesKernel()
    api.identityReply = { status: 500, body: { message: 'down' } }
    const view = renderWith(kernel, <AccountButton hideBalance />)
    await connectWallet(kernel)
    await lookupsSettle()
    expect(kernel.getState().accounts.eip155?.profileName).toBeUndefined()
    expect(view.container.textContent).toContain('0xf3...b92266')
    expect(view.container.querySelector('img')).toBeNull()
    expect(warnings.some((line) => line.includes('the address is shown'))).toBe(true)
  })

  it('do nothing without the Blockchain API, and say so', async () => {
    const lines: string[] = []
    const { kernel } = makeKernel({
      plugins: [ens()],
      logger: { level: 'warn', sink: (line: string) => void lines.push(line) },
    })
    expect(getNameResolver(kernel)).toBeUndefined()
    expect(kernel.services.get(ADDRESS_NAMER_SERVICE)).toBeUndefined()
    expect(lines.some((line) => line.includes('names are off'))).toBe(true)
  })
})

describe('the nameResolver service', () => {
  const alice = (addresses: Record<string, string>) => ({
    name: 'alice.eth',
    registered: 1,
    updated: 1,
    addresses: Object.fromEntries(
      Object.entries(addresses).map(([coin, address]) => [coin, { address, created: 1 }]),
    ),
    attributes: {},
  })

  it("answers the address for the active chain's coin type, else the Ethereum one", async () => {
    const { kernel, api } = namesKernel()
    api.profiles.set('alice.eth', alice({ 60: BOB, [CHAIN_31337]: ME }))
    api.profiles.set('bob.eth', alice({ 60: BOB }))
    await connectWallet(kernel)
    const resolve = getNameResolver(kernel)
    expect(kernel.services.get(NAME_RESOLVER_SERVICE)).toBe(resolve)
    expect(await resolve?.('alice.eth', 'eip155')).toBe(ME)
    expect(await resolve?.('Bob.eth', 'eip155')).toBe(BOB)
    expect(api.of('/v1/profile/account/').map((r) => r.path)).toEqual([
      '/v1/profile/account/alice.eth',
      '/v1/profile/account/Bob.eth',
    ])
  })

  it('answers undefined for an unknown name (404), for other namespaces and for what is not a name, asking nothing for those', async () => {
    const { kernel, api } = namesKernel()
    await connectWallet(kernel)
    const resolve = getNameResolver(kernel)
    expect(await resolve?.('nobody.eth', 'eip155')).toBeUndefined()
    expect(await resolve?.('alice.eth', 'solana')).toBeUndefined()
    expect(await resolve?.('alice', 'eip155')).toBeUndefined()
    expect(await resolve?.('.eth', 'eip155')).toBeUndefined()
    expect(api.of('/v1/profile/account/').map((r) => r.path)).toEqual(['/v1/profile/account/nobody.eth'])
  })

  it('keeps answers 5 minutes, unknown names included', async () => {
    const { kernel, api } = namesKernel()
    api.profiles.set('alice.eth', alice({ 60: ME }))
    await connectWallet(kernel)
    const resolve = getNameResolver(kernel)
    await Promise.all([resolve?.('alice.eth', 'eip155'), resolve?.('ALICE.eth', 'eip155')])
    await resolve?.('alice.eth', 'eip155')
    await resolve?.('nobody.eth', 'eip155')
    await resolve?.('nobody.eth', 'eip155')
    expect(api.of('/v1/profile/account/')).toHaveLength(2)
  })

  it("rejects when the lookup fails: the API's reason, else 'Error resolving name'", async () => {
    const { kernel, api } = namesKernel()
    await connectWallet(kernel)
    const resolve = getNameResolver(kernel)
    api.profileReply = refusal(400, 'NAME_INVALID', 'name must be letters, digits, hyphens and dots')
    await expect(resolve?.('al!ce.eth', 'eip155')).rejects.toMatchObject({
      code: 'ENS_RESOLVE_FAILED',
      shortMessage: 'name must be letters, digits, hyphens and dots',
    })
    api.profileReply = { status: 502, body: 'Bad gateway' }
    await expect(resolve?.('carol.eth', 'eip155')).rejects.toMatchObject({
      shortMessage: 'Error resolving name',
    })
    // A failure is not kept.
    api.profileReply = undefined
    expect(await resolve?.('carol.eth', 'eip155')).toBeUndefined()
  })
})

describe('the addressNamer service', () => {
  it("answers an address's name from its identity, sharing the identity's cache", async () => {
    const { kernel, api } = namesKernel()
    api.identities.set(BOB.toLowerCase(), { name: 'bob.eth', avatar: null })
    api.identities.set(ME.toLowerCase(), { name: 'alice.eth', avatar: null })
    await connectWallet(kernel)
    await lookupsSettle()
    const nameOf = getAddressNamer(kernel)
    expect(await nameOf?.(BOB, 'eip155')).toBe('bob.eth')
    expect(await nameOf?.(BOB.toLowerCase(), 'eip155')).toBe('bob.eth')
    expect(await nameOf?.(ME, 'eip155')).toBe('alice.eth')
    expect(await nameOf?.('0x0000000000000000000000000000000000000001', 'eip155')).toBeUndefined()
    expect(await nameOf?.(BOB, 'solana')).toBeUndefined()
    // ME's identity was read on connect; BOB's once.
    expect(api.of('/v1/identity/')).toHaveLength(3)
  })

  it("answers undefined when the lookup fails, logging 'Error fetching names for address'", async () => {
    const { kernel, api, warnings } = namesKernel()
    await connectWallet(kernel)
    await lookupsSettle()
    api.identityReply = { status: 500, body: { message: 'down' } }
    expect(await getAddressNamer(kernel)?.(BOB, 'eip155')).toBeUndefined()
    expect(warnings.some((line) => line.includes(`Error fetching names for address ${BOB}`))).toBe(true)
  })
})

describe('choosing a name', () => {
  /** Connected as ME, whose identity names nothing, on the Account view. */
  async function onAccount(options: EnsOptions = {}) {
    const made = namesKernel(options)
    renderWith(made.kernel)
    await connectWallet(made.kernel)
    await lookupsSettle()
    await openOn(made.kernel, 'Account')
    return made
  }

  const field = () => modal().getByLabelText('Name') as HTMLInputElement
  const submit = () => modal().getByRole('button', { name: /^Register/ }) as HTMLButtonElement
  const shown = (selector: string) =>
    document.querySelector('latchkit-modal')?.shadowRoot?.querySelector(`[data-latchkit="${selector}"]`)
      ?.textContent
  /** Register is enabled once the check of the typed name answered that it is free. */
  const registerEnabled = () => waitFor(() => expect(submit().disabled).toBe(false))

  async function openRegister(options: EnsOptions = {}) {
    const made = await onAccount(options)
    await click(modal().getByRole('button', { name: 'Choose a name' }))
    await settle()
    expect(modal().getByLabelText('Name')).toBeTruthy()
    return made
  }

  it('is offered on the Account view to an EVM account without a name, and not to one with a name', async () => {
    const { kernel } = await onAccount()
    expect(modal().getByRole('button', { name: 'Choose a name' })).toBeTruthy()
    await act(async () => {
      kernel.store.setState((draft) => {
        draft.accounts.eip155!.profileName = 'alice.eth'
      })
    })
    expect(modal().queryByRole('button', { name: 'Choose a name' })).toBeNull()
  })

  it('shows the rule while the label breaks it, then suggestions once typing pauses', async () => {
    const { api } = await openRegister({ suggestionDebounceMs: 60 })
    expect(shown('ens-rule')).toBe('Letters, digits or hyphen, at least 4 characters')
    expect(submit().disabled).toBe(true)
    await type(field(), 'ab')
    expect(shown('ens-rule')).toBe('Letters, digits or hyphen, at least 4 characters')
    expect(field().getAttribute('aria-invalid')).toBe('true')
    await type(field(), 'a'.repeat(64))
    expect(shown('ens-rule')).toBe('At most 63 characters')
    for (const typed of ['c', 'ca', 'car', 'caro', 'carol']) await type(field(), typed)
    expect(shown('ens-rule')).toBe('Your name: carol.latch.id')
    expect(field().getAttribute('aria-invalid')).toBe('false')
    await wait(120)
    const rows = modal()
      .getAllByRole('button')
      .filter((b) => b.getAttribute('data-latchkit') === 'ens-suggestion')
    expect(rows.map((row) => row.textContent)).toEqual([
      'carol.latch.idAvailable',
      'carol1.latch.idAvailable',
    ])
    // Asked once, for what was typed when typing paused, in the plugin's zone.
    expect(api.of('/v1/profile/suggestions/').map((r) => [r.path, r.query.get('zone')])).toEqual([
      ['/v1/profile/suggestions/carol', 'latch.id'],
    ])
    await type(field(), 'alice')
    await wait(120)
    const taken = modal().getByText('alice.latch.id').closest('button') as HTMLButtonElement
    expect(taken.textContent).toBe('alice.latch.idRegistered')
    expect(taken.disabled).toBe(true)
    expect(submit().disabled).toBe(true)
  })

  it('keeps Register disabled until the check of exactly the typed name has answered, and signs nothing before', async () => {
    const { api, signed } = await openRegister({ suggestionDebounceMs: 60 })
    await type(field(), 'carol')
    // Loading: whether carol.latch.id is free is not known yet, and Enter does nothing.
    expect(submit().disabled).toBe(true)
    await act(async () => {
      fireEvent.submit(field().closest('form') as HTMLFormElement)
    })
    await registerEnabled()
    // A new label: carol's answer says nothing about alice.latch.id, which is taken.
    await type(field(), 'alice')
    expect(submit().disabled).toBe(true)
    await act(async () => {
      fireEvent.submit(field().closest('form') as HTMLFormElement)
    })
    await waitFor(() => expect(shown('ens-rule')).toBe('alice.latch.id is already registered'))
    expect(submit().disabled).toBe(true)
    expect(signed).toEqual([])
    expect(api.seen.filter((r) => r.method === 'POST')).toEqual([])
  })

  it('registers the typed name with a signed message, then shows it as the account name', async () => {
    const { kernel, api, signed } = await openRegister()
    await type(field(), 'Carol')
    await registerEnabled()
    const before = Math.floor(Date.now() / 1000)
    await click(submit())
    await settle()
    expect(signed).toHaveLength(1)
    const message = JSON.parse(signed[0] as string)
    expect(Object.keys(message)).toEqual(['name', 'attributes', 'timestamp'])
    expect(message.name).toBe('carol.latch.id')
    expect(message.attributes).toEqual({})
    expect(message.timestamp).toBeGreaterThanOrEqual(before)
    expect(message.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
    expect(
      api
        .of('/v1/profile/account')
        .filter((r) => r.method === 'POST')
        .map((r) => r.body),
    ).toEqual([{ coin_type: 0x8000_0000 + 31337, address: ME, message: signed[0], signature: SIGNATURE }])
    expect(kernel.getState().modal.history.map((entry) => entry.view)).toEqual([
      'Account',
      'RegisterAccountNameSuccess',
    ])
    expect(shown('ens-registered-name')).toBe('carol.latch.id is yours')
    expect(kernel.getState().accounts.eip155?.profileName).toBe('carol.latch.id')

    // The identity kept from before the registration is asked again next time.
    api.identities.set(ME.toLowerCase(), { name: 'carol.latch.id', avatar: null })
    expect(await getAddressNamer(kernel)?.(ME, 'eip155')).toBe('carol.latch.id')

    await click(modal().getByRole('button', { name: 'Done' }))
    expect(kernel.getState().modal.history.map((entry) => entry.view)).toEqual(['Account'])
    expect(modal().queryByRole('button', { name: 'Choose a name' })).toBeNull()
  })

  it('registers an available suggestion when it is clicked', async () => {
    const { api } = await openRegister()
    await type(field(), 'carol')
    await wait(60)
    await click(modal().getByText('carol1.latch.id').closest('button') as HTMLElement)
    await settle()
    const posted = api.of('/v1/profile/account').filter((r) => r.method === 'POST')
    expect(posted.map((r) => JSON.parse((r.body as { message: string }).message).name)).toEqual([
      'carol1.latch.id',
    ])
    expect(shown('ens-registered-name')).toBe('carol1.latch.id is yours')
  })

  it("stays on the view with the API's reason, or 'Error registering name {name}'", async () => {
    const { kernel, api } = await openRegister()
    api.registerReply = refusal(409, 'NAME_TAKEN', 'carol.latch.id is already registered')
    await type(field(), 'carol')
    await registerEnabled()
    await click(submit())
    expect(modal().getByRole('alert').textContent).toBe('carol.latch.id is already registered')
    expect(kernel.getState().modal.history.at(-1)?.view).toBe('RegisterAccountName')

    api.registerReply = { status: 500, body: 'Internal Server Error' }
    await click(submit())
    expect(modal().getByRole('alert').textContent).toBe('Error registering name carol.latch.id')
    expect(kernel.getState().accounts.eip155?.profileName).toBeNull()
  })

  it('says a declined signature was declined, and sends nothing', async () => {
    const { adapter, api } = await openRegister()
    adapter.signMessage = async () => {
      throw new UserRejectedRequestError()
    }
    await type(field(), 'carol')
    await registerEnabled()
    await click(submit())
    expect(modal().getByRole('alert').textContent).toBe('Signature declined: the name was not registered')
    expect(api.seen.filter((r) => r.method === 'POST')).toEqual([])
  })

  it("says 'Address or auth connector not found' without the connector that signs, before anything is signed or sent", async () => {
    const { kernel, api, signed } = await openRegister()
    await act(async () => {
      kernel.store.setState((draft) => {
        draft.connectorIds.eip155 = 'gone.wallet'
      })
    })
    await type(field(), 'carol')
    await registerEnabled()
    await click(submit())
    expect(modal().getByRole('alert').textContent).toBe('Address or auth connector not found')
    expect(signed).toEqual([])
    expect(api.seen.filter((r) => r.method === 'POST')).toEqual([])
  })

  it('registers once however often Register is pressed while it works', async () => {
    const { adapter, api } = await openRegister()
    let release: (signature: string) => void = () => {}
    adapter.signMessage = () => new Promise((resolve) => (release = resolve))
    await type(field(), 'carol')
    await registerEnabled()
    await click(submit())
    expect(submit().textContent).toBe('Registering…')
    expect(submit().disabled).toBe(true)
    expect(submit().getAttribute('aria-busy')).toBe('true')
    await act(async () => {
      fireEvent.submit(field().closest('form') as HTMLFormElement)
    })
    await act(async () => {
      release(SIGNATURE)
    })
    await settle()
    expect(api.seen.filter((r) => r.method === 'POST')).toHaveLength(1)
    expect(shown('ens-registered-name')).toBe('carol.latch.id is yours')
  })

  it("says 'Error fetching name suggestions' when they cannot be read, and can still register", async () => {
    const { api } = await openRegister()
    api.suggestionsReply = { status: 503, body: 'down' }
    await type(field(), 'carol')
    await wait(60)
    expect(shown('ens-suggestions-error')).toBe('Error fetching name suggestions')
    expect(submit().disabled).toBe(false)
  })

  it('registers under the zone the integrator chose', async () => {
    const { api } = await openRegister({ zone: 'example.id' })
    await type(field(), 'carol')
    await wait(60)
    expect(api.of('/v1/profile/suggestions/').map((r) => r.query.get('zone'))).toEqual(['example.id'])
    await registerEnabled()
    await click(submit())
    const posted = api.seen.filter((r) => r.method === 'POST')
    const message = (posted[0]?.body as { message: string } | undefined)?.message ?? '{}'
    expect(JSON.parse(message).name).toBe('carol.example.id')
  })
})

describe('ens() options', () => {
  it('refuses a zone that is not a domain and a debounce that is not a number of ms', () => {
    expect(() => ens({ zone: 'Latch' })).toThrow('Invalid ens options')
    expect(() => ens({ suggestionDebounceMs: -1 })).toThrow('Invalid ens options')
    expect(() => ens({ zone: 'names.example.org', suggestionDebounceMs: 0 })).not.toThrow()
  })
})
