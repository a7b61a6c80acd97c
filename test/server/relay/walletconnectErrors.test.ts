/**
 * The WalletConnect plugin's EIP-1193 provider rejects with numeric codes, as viem and
 * wagmi name them, against the real parts in Node: the plugin's session manager on a real
 * SignClient pairs through our relay with the dev mobile wallet (its own SignClient), and
 * the wallet declines, refuses an account it does not hold, bad params and a chain it does
 * not know, each answered over the relay; after the wallet ends the session, 4900.
 */
import { randomBytes } from 'node:crypto'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import { createKernel, type Kernel, type Network } from 'latchkit'
import { latchkitConnector } from 'latchkit/wagmi'
import { createWalletClient, custom, defineChain, type EIP1193Provider } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createConfig, http } from 'wagmi'
import { getAccount, reconnect as wagmiReconnect, signMessage as wagmiSignMessage } from 'wagmi/actions'
import { DEV_PROJECT_ID } from '../../../devstack/dev-mobile-wallet/config.js'
import { LocalVerify } from '../../../devstack/dev-mobile-wallet/localVerify.js'
import { createMobileWallet, type MobileWallet } from '../../../devstack/dev-mobile-wallet/mobileWallet.js'
import { fixtureAccounts } from '../../../devstack/fixtures.js'
import { connectThroughSession } from '../../../plugins/walletconnect/connectThroughSession.js'
import type { WalletConnectClient } from '../../../plugins/walletconnect/createSignClient.js'
import { dropOrphanedAnswers } from '../../../plugins/walletconnect/dropOrphanedAnswers.js'
import { sessionConnector } from '../../../plugins/walletconnect/sessionConnector.js'
import { createSessionManager, type SessionManager } from '../../../plugins/walletconnect/sessionManager.js'
import { type StartedRelay, startRelay } from '../../../server/relay/index.js'
import { WAIT_MS } from '../../support/waiting.js'
import { MemoryStorage } from './helpers.js'

const local: Network = {
  id: 31337,
  name: 'Local 31337',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}
/** An account the dev mobile wallet does not hold. */
const STRANGER = '0x000000000000000000000000000000000000dEaD'
const ME = fixtureAccounts[0]!.address

let relay: StartedRelay
let mobile: MobileWallet
let kernel: Kernel
let sessions: SessionManager
let dappClient: WalletConnectClient | undefined

beforeAll(async () => {
  relay = await startRelay()
  mobile = await createMobileWallet({
    config: {
      projectId: DEV_PROJECT_ID,
      relayUrl: relay.url,
      chains: [{ chainId: 31337, name: 'Local 31337', rpcUrl: 'http://127.0.0.1:1' }],
    },
    url: 'http://127.0.0.1/wallet',
    storagePrefix: `wallet-${randomBytes(6).toString('hex')}`,
    storage: new MemoryStorage(),
  })
  const storage = new Map<string, string>()
  kernel = createKernel({
    networks: [local],
    adapters: [{ namespace: 'eip155' }],
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
  })
  // What the plugin's createSignClient makes, with the storage in memory (Node has no
  // IndexedDB, and a run leaves nothing on disk).
  sessions = createSessionManager(kernel, async () => {
    const core = new Core({
      projectId: DEV_PROJECT_ID,
      relayUrl: relay.url,
      customStoragePrefix: `dapp-${randomBytes(6).toString('hex')}`,
      storage: new MemoryStorage(),
      telemetryEnabled: false,
      logger: 'silent',
    })
    core.verify = new LocalVerify(core, core.logger, core.storage)
    dappClient = await SignClient.init({
      core,
      metadata: { name: 'Latch errors test', description: '', url: 'http://127.0.0.1/dapp', icons: [] },
      telemetryEnabled: false,
    })
    dropOrphanedAnswers(dappClient)
    return dappClient
  })
  kernel.connectors.register(sessionConnector(kernel, sessions, 'eip155'))

  const connected = connectThroughSession(kernel, sessions)
  const uri = await vi.waitFor(
    () => sessions.pairing.get().uri ?? Promise.reject(new Error('no pairing code yet')),
    { timeout: WAIT_MS, interval: 20 },
  )
  await mobile.pair(uri)
  const proposal = await vi.waitFor(
    () => mobile.snapshot().proposals[0] ?? Promise.reject(new Error('no proposal yet')),
    { timeout: WAIT_MS, interval: 20 },
  )
  await mobile.approveProposal(proposal.id)
  await connected
}, 90_000)

afterAll(async () => {
  kernel?.destroy()
  await dappClient?.core.relayer.transportClose().catch(() => undefined)
  dappClient?.core.heartbeat.stop()
  await mobile?.close()
  await relay?.stop()
})

const provider = () => kernel.connectors.get('walletConnect:eip155')?.getProvider() as EIP1193Provider
const viemWallet = () => createWalletClient({ account: ME, transport: custom(provider()) })

/** The request's failure once the wallet has answered it (approve or reject in the wallet). */
async function answered(
  asking: Promise<unknown>,
  answer: (wallet: MobileWallet, id: number) => Promise<void>,
): Promise<Error & { code?: unknown }> {
  const failure = asking.then(
    () => new Error('the request succeeded'),
    (error: Error) => error,
  )
  await expect.poll(() => mobile.snapshot().requests.length, { timeout: WAIT_MS }).toBe(1)
  await answer(mobile, mobile.snapshot().requests[0]!.id)
  return failure
}
const reject = (wallet: MobileWallet, id: number) => wallet.rejectRequest(id)
const approve = (wallet: MobileWallet, id: number) => wallet.approveRequest(id)

describe("the WalletConnect provider's errors, through the relay and the dev mobile wallet", () => {
  it('declined personal_sign and eth_sendTransaction are UserRejectedRequestError (4001) in viem', async () => {
    const signing = await answered(viemWallet().signMessage({ message: 'hello' }), reject)
    expect(signing.name).toBe('UserRejectedRequestError')
    expect(signing.code).toBe(4001)
    const sending = await answered(
      viemWallet().request({
        method: 'eth_sendTransaction',
        params: [{ from: ME, to: STRANGER, value: '0x1' }],
      }),
      reject,
    )
    expect(sending.name).toBe('UserRejectedRequestError')
  })

  it("the wallet's 4100, -32602 and 4902 answers, and a method the session did not approve (4200), by name", async () => {
    const unauthorized = await answered(
      viemWallet().signMessage({ account: STRANGER, message: 'hello' }),
      approve,
    )
    expect(unauthorized.name).toBe('UnauthorizedProviderError')
    const invalid = await answered(
      viemWallet().request({ method: 'personal_sign', params: [7, ME] as never }),
      approve,
    )
    expect(invalid.name).toBe('InvalidParamsRpcError')
    const unknownChain = await answered(viemWallet().switchChain({ id: 31339 }), approve)
    expect(unknownChain.name).toBe('SwitchChainError')
    expect(unknownChain.code).toBe(4902)
    const unsupported = await viemWallet()
      .request({ method: 'wallet_sendCalls', params: [] as never })
      .then(
        () => new Error('the request succeeded'),
        (error: Error) => error,
      )
    expect(unsupported.name).toBe('UnsupportedProviderMethodError')
    expect(mobile.snapshot().requests).toEqual([])
  })

  it("a wagmi signMessage through latchkit/wagmi's connector is UserRejectedRequestError when the wallet declines", async () => {
    const chain = defineChain({
      id: 31337,
      name: local.name,
      nativeCurrency: local.nativeCurrency,
      rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
    })
    const config = createConfig({
      chains: [chain],
      connectors: [latchkitConnector(kernel)],
      multiInjectedProviderDiscovery: false,
      storage: null,
      transports: { [chain.id]: http() },
    })
    await wagmiReconnect(config)
    expect(getAccount(config).status).toBe('connected')
    const declined = await answered(wagmiSignMessage(config, { message: 'hello' }), reject)
    expect(declined.name).toBe('UserRejectedRequestError')
    expect((declined as { code?: unknown }).code).toBe(4001)
  })

  it('after the wallet ends the session, requests are ProviderDisconnectedError (4900)', async () => {
    const wallet = viemWallet()
    await mobile.disconnect(mobile.snapshot().sessions[0]!.topic)
    await expect
      .poll(() => kernel.getState().accounts.eip155?.status, { timeout: WAIT_MS })
      .toBe('disconnected')
    const error = await wallet.getChainId().catch((failure: Error) => failure)
    expect((error as Error).name).toBe('ProviderDisconnectedError')
  })
})
