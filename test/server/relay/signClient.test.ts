/**
 * The relay through the real WalletConnect clients (`@walletconnect/sign-client` 2.21.8 in
 * node, each with its own storage and key): a dapp and a wallet pair by URI, the wallet
 * approves an eip155 session, the dapp asks for a personal_sign and gets the wallet's
 * signature, and the wallet's disconnect reaches the dapp.
 */
import { randomBytes } from 'node:crypto'
import { pino } from '@walletconnect/logger'
import { SignClient } from '@walletconnect/sign-client'
import { type Hex, stringToHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fixtureAccounts } from '../../../devstack/fixtures.js'
import { dropOrphanedAnswers } from '../../../plugins/walletconnect/dropOrphanedAnswers.js'
import { type StartedRelay, startRelay } from '../../../server/relay/index.js'
import { MemoryStorage } from './helpers.js'

type Client = Awaited<ReturnType<typeof SignClient.init>>

const CHAIN = 'eip155:31337'
const account = privateKeyToAccount(fixtureAccounts[1]!.privateKey)

let relay: StartedRelay
const clients: Client[] = []

function startClient(
  name: string,
  relayUrl: string,
  // A page reloaded keeps its prefix and storage; a new client gets its own.
  kept: { prefix: string; storage: MemoryStorage; logger: ReturnType<typeof pino> } = {
    prefix: `${name}-${randomBytes(6).toString('hex')}`,
    storage: new MemoryStorage(),
    logger: pino({ level: 'silent' }),
  },
): Promise<Client> {
  return SignClient.init({
    projectId: 'latchkit-tests',
    relayUrl,
    // A prefix of its own: the core keeps one instance per prefix in a global.
    customStoragePrefix: kept.prefix,
    storage: kept.storage,
    telemetryEnabled: false,
    logger: kept.logger,
    metadata: { name, description: `the ${name} of the relay test`, url: 'https://latchkit.test', icons: [] },
  }).then((client) => {
    clients.push(client)
    return client
  })
}

beforeAll(async () => {
  relay = await startRelay()
})

/** What a page's unload does to its client: the socket closes, the timers stop. */
async function closeClient(client: Client): Promise<void> {
  await client.core.relayer.transportClose().catch(() => {})
  client.core.heartbeat.stop()
}

afterAll(async () => {
  for (const client of clients) await closeClient(client)
  await relay?.stop()
})

/** The wallet approves every proposal with one eip155 account. */
function approveEverything(wallet: Client): void {
  wallet.on('session_proposal', ({ id, params }) => {
    const requested = params.optionalNamespaces.eip155
    void wallet.approve({
      id,
      namespaces: {
        eip155: {
          chains: requested?.chains ?? [CHAIN],
          accounts: [`${CHAIN}:${account.address}`],
          methods: requested?.methods ?? [],
          events: requested?.events ?? [],
        },
      },
    })
  })
}

describe('a dapp and a wallet through the relay', () => {
  it('pair, settle a session, sign a message and disconnect', async () => {
    const [dapp, wallet] = await Promise.all([
      startClient('dapp', relay.url),
      startClient('wallet', relay.url),
    ])

    approveEverything(wallet)
    wallet.on('session_request', async ({ id, topic, params }) => {
      const [message, address] = params.request.params as [Hex, string]
      expect(address).toBe(account.address)
      const signature = await account.signMessage({ message: { raw: message } })
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } })
    })

    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] },
      },
    })
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.core.pairing.pair({ uri: uri as string })
    const session = await approval()
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${account.address}`])
    expect(wallet.session.get(session.topic).topic).toBe(session.topic)

    const message = stringToHex('Sign in to Latchkit through our own relay')
    const signature = (await dapp.request({
      topic: session.topic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: [message, account.address] },
    })) as Hex
    expect(await verifyMessage({ address: account.address, message: { raw: message }, signature })).toBe(true)

    const deleted = new Promise<string>((resolve) => dapp.on('session_delete', ({ topic }) => resolve(topic)))
    await wallet.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
    expect(await deleted).toBe(session.topic)
    await expect.poll(() => dapp.session.getAll().length, { timeout: 5000 }).toBe(0)
  })

  it('a page reloaded while its request waits: the answer and the wallet ending the session log no error', async () => {
    // The dapp's errors, as the SDK would print them in the host page's console.
    const errors: string[] = []
    const page = {
      prefix: `reloaded-${randomBytes(6).toString('hex')}`,
      storage: new MemoryStorage(),
      logger: pino({ level: 'error' }, { write: (line: string) => void errors.push(line) }),
    }
    const [dapp, wallet] = await Promise.all([
      startClient('dapp', relay.url, page),
      startClient('wallet', relay.url),
    ])
    approveEverything(wallet)
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: [CHAIN], methods: ['personal_sign'], events: [] } },
    })
    await wallet.core.pairing.pair({ uri: uri as string })
    const session = await approval()

    const asked = new Promise<{ id: number; topic: string }>((resolve) =>
      wallet.on('session_request', resolve),
    )
    const message = stringToHex('Asked before the reload')
    void dapp
      .request({
        topic: session.topic,
        chainId: CHAIN,
        request: { method: 'personal_sign', params: [message, account.address] },
      })
      .catch(() => {})
    const request = await asked
    // The page reloads before the wallet answers: a new client on what the storage held
    // when the page went away (closing the old client's socket tidies up its storage, an
    // unload does not).
    const left = { ...page, storage: page.storage.copy() }
    await closeClient(dapp)
    // A reload starts a new page; in one process the core would hand back the old client's
    // core for the same prefix unless told not to.
    vi.stubEnv('DISABLE_GLOBAL_CORE', 'true')
    const reloaded = await startClient('dapp', relay.url, left)
    vi.unstubAllEnvs()
    dropOrphanedAnswers(reloaded)
    expect(reloaded.session.get(session.topic).topic).toBe(session.topic)

    const signature = await account.signMessage({ message: { raw: message } })
    await wallet.respond({
      topic: session.topic,
      response: { id: request.id, jsonrpc: '2.0', result: signature },
    })
    await expect.poll(() => reloaded.core.history.pending.length, { timeout: 5000 }).toBe(0)
    const deleted = new Promise<string>((resolve) =>
      reloaded.on('session_delete', ({ topic }) => resolve(topic)),
    )
    await wallet.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
    expect(await deleted).toBe(session.topic)
    expect(errors).toEqual([])
  })
})
