/**
 * The dev mobile wallet end to end: a dapp-side SignClient in Node (2.21.8, telemetry off,
 * its own storage prefix) pairs through our relay with the wallet page in Chromium, and
 * every answer is checked where it lands: signatures with viem and ed25519, the
 * transaction on anvil, rejections as 4001, events and the disconnect in the dapp. The
 * browser context blocks everything that is not this machine, and no test sees a blocked
 * request: the wallet (its Verify included) asks nothing outside.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { address, createSolanaRpc, getBase58Decoder, getBase58Encoder, type Signature } from '@solana/kit'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import type { BrowserContext, Page } from 'playwright-core'
import encodeQR from 'qr'
import { createPublicClient, type Hex, http, parseEther, toHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedChains, startChains } from '../../devstack/chain.js'
import { DEV_PROJECT_ID, solanaChainOf } from '../../devstack/dev-mobile-wallet/config.js'
import { LocalVerify } from '../../devstack/dev-mobile-wallet/localVerify.js'
import {
  type DevMobileWalletServer,
  startDevMobileWallet,
} from '../../devstack/dev-mobile-wallet/startDevMobileWallet.js'
import { fixtureAccounts } from '../../devstack/fixtures.js'
import { type StartedSolanaRpc, startSolanaRpc } from '../../devstack/solana/index.js'
import { type StartedRelay, startRelay } from '../../server/relay/index.js'
import { newLocalContext } from '../support/browser.js'
import { browserForFile } from '../support/browser-for-file.js'
import { eventually, expectText, expectTextContaining, WAIT_MS } from '../support/waiting.js'
import { unsignedSolanaTransfer } from './helpers/solanaTransfer.js'

const getBrowser = browserForFile()
let chains: StartedChains
let solana: StartedSolanaRpc
let relay: StartedRelay
let wallet: DevMobileWalletServer
let dapp: Awaited<ReturnType<typeof SignClient.init>>
let context: BrowserContext
let blocked: string[]
let page: Page
const events: SignClientTypes.EventArguments['session_event'][] = []
const deleted: string[] = []

/** A name with markup in it: the wallet must show it as text. */
const DAPP_NAME = 'Latch <b>Test</b> Dapp'

beforeAll(async () => {
  // Its own chains: this file sends transactions, the shared ones stay as the fixtures left them.
  ;[chains, solana, relay] = await Promise.all([
    startChains({ chainIds: [31337, 31338] }),
    startSolanaRpc(),
    startRelay(),
  ])
  wallet = await startDevMobileWallet({
    config: {
      projectId: DEV_PROJECT_ID,
      relayUrl: relay.url,
      chains: chains.chains.map(({ chainId, rpcUrl }) => ({ chainId, name: `Local ${chainId}`, rpcUrl })),
      solana: { rpcUrl: solana.url, genesisHash: solana.genesisHash },
    },
  })
  const core = new Core({
    projectId: DEV_PROJECT_ID,
    relayUrl: relay.url,
    customStoragePrefix: 'latch-test-dapp',
    telemetryEnabled: false,
    logger: 'error',
  })
  core.verify = new LocalVerify(core, core.logger, core.storage)
  dapp = await SignClient.init({
    core,
    // A rejection the test asks for is no error worth printing.
    logger: 'silent',
    metadata: {
      name: DAPP_NAME,
      description: 'test',
      url: 'http://127.0.0.1/dapp',
      icons: ['http://x/<img>.png'],
    },
  })
  dapp.on('session_event', (event) => events.push(event))
  dapp.on('session_delete', ({ topic }) => deleted.push(topic))
  ;({ context, blocked } = await newLocalContext(getBrowser()))
  page = await context.newPage()
}, 90_000)

afterAll(async () => {
  await context?.close()
  await dapp?.core.relayer.transportClose().catch(() => undefined)
  await Promise.allSettled([wallet?.stop(), relay?.stop(), chains?.stop(), solana?.stop()])
})

/** The promise's value, or an error naming what did not happen: a hang reports its step, not the test's timeout. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${WAIT_MS} ms`)), WAIT_MS)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

const solanaChain = () => solanaChainOf(solana.genesisHash)

/**
 * Proposes a session from the dapp; the URI goes to the wallet, `approved` settles once it
 * answers. sign-client's `approval()` must be called before the wallet answers: an answer
 * that arrives first is dropped and the promise never settles.
 */
async function propose() {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: {
        chains: ['eip155:31337', 'eip155:31338'],
        methods: [
          'personal_sign',
          'eth_sendTransaction',
          'eth_signTypedData_v4',
          'wallet_switchEthereumChain',
        ],
        events: ['chainChanged', 'accountsChanged'],
      },
      solana: {
        chains: [solanaChain()],
        methods: ['solana_signMessage', 'solana_signAndSendTransaction'],
        events: [],
      },
    },
  })
  const approved = approval()
  if (!uri) throw new Error('connect() made no pairing URI')
  // Awaited (or expected to reject) by each test; this only keeps a rejection from counting as unhandled.
  approved.catch(() => undefined)
  return { uri, approved }
}

/** The proposal that came through this URI's pairing: after a reload the relay may hand an answered one over again. */
const proposalCard = (uri: string) =>
  page.locator(
    `[data-testid="mobile-wallet-proposal"][data-pairing-topic="${uri.slice(3, uri.indexOf('@'))}"]`,
  )
const requestCard = (method: string) =>
  page.locator(`[data-testid="mobile-wallet-request"][data-method="${method}"]`)
const sessionRow = (topic: string) =>
  page.locator(`[data-testid="mobile-wallet-session"][data-topic="${topic}"]`)

/** Opens the wallet with the URI as a deep link, approves the proposal in the page, and returns the dapp's session. */
async function connectByDeepLink(): Promise<SessionTypes.Struct> {
  const { uri, approved } = await propose()
  await page.goto(`${wallet.url}?uri=${encodeURIComponent(uri)}`)
  await proposalCard(uri).getByTestId('mobile-wallet-proposal-approve').click({ timeout: WAIT_MS })
  return within(approved, 'the dapp seeing the approved session')
}

/** Sends a request from the dapp and answers it in the page with the given button. */
async function requestInPage(
  session: SessionTypes.Struct,
  chainId: string,
  request: { method: string; params: unknown },
  answer: 'approve' | 'reject' = 'approve',
) {
  const result = dapp.request({ topic: session.topic, chainId, request })
  // Settled either way below; keeps an early rejection from counting as unhandled.
  result.catch(() => undefined)
  await requestCard(request.method).getByTestId(`mobile-wallet-request-${answer}`).click({ timeout: WAIT_MS })
  return within(result, `the answer to ${request.method}`)
}

describe('dev mobile wallet over the relay', () => {
  let session: SessionTypes.Struct
  const account = fixtureAccounts[0]!

  beforeAll(async () => {
    session = await connectByDeepLink()
  }, 60_000)

  it('pairs from a ?uri= deep link, shows the proposal as text with its origin unverified, and approves', async () => {
    expect(session.namespaces.eip155?.accounts).toEqual(
      expect.arrayContaining([`eip155:31337:${account.address}`, `eip155:31338:${account.address}`]),
    )
    expect(session.namespaces.eip155?.accounts[0]).toBe(`eip155:31337:${account.address}`)
    expect(session.namespaces.solana?.accounts).toContain(`${solanaChain()}:${solana.accounts[0]!.address}`)
    expect(session.peer.metadata.name).toBe('Latch Dev Mobile Wallet')
    await expectText(sessionRow(session.topic).getByTestId('mobile-wallet-session-name'), DAPP_NAME)
    await eventually(() => sessionRow(session.topic).locator('b').count()).toBe(0)
  })

  it('personal_sign approved in the page verifies with viem', async () => {
    const message = 'Sign in to Latch'
    const signature = await requestInPage(session, 'eip155:31337', {
      method: 'personal_sign',
      params: [toHex(message), account.address],
    })
    expect(await verifyMessage({ address: account.address, message, signature: signature as Hex })).toBe(true)
  })

  it('eth_sendTransaction approved in the page is signed there and mined on anvil', async () => {
    const to = fixtureAccounts[3]!.address
    const hash = (await requestInPage(session, 'eip155:31338', {
      method: 'eth_sendTransaction',
      params: [{ from: account.address, to, value: toHex(parseEther('0.25')) }],
    })) as Hex
    const client = createPublicClient({
      transport: http(chains.chains.find((c) => c.chainId === 31338)!.rpcUrl),
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(to.toLowerCase())
    expect((await client.getTransaction({ hash })).value).toBe(parseEther('0.25'))
  })

  it('a request rejected in the page reaches the dapp as a 4001 error', async () => {
    const error = await requestInPage(
      session,
      'eip155:31337',
      { method: 'personal_sign', params: [toHex('no'), account.address] },
      'reject',
    ).then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toMatchObject({ code: 4001 })
  })

  it('solana_signMessage approved in the page verifies with ed25519', async () => {
    const signer = solana.accounts[0]!
    const message = new TextEncoder().encode('Latch on Solana')
    const { signature } = (await requestInPage(session, solanaChain(), {
      method: 'solana_signMessage',
      params: { message: getBase58Decoder().decode(message), pubkey: signer.address },
    })) as { signature: string }
    const base58 = getBase58Encoder()
    expect(
      ed25519.verify(
        new Uint8Array(base58.encode(signature)),
        message,
        new Uint8Array(base58.encode(signer.address)),
      ),
    ).toBe(true)
  })

  it('solana_signAndSendTransaction approved in the page lands on the local Solana endpoint', async () => {
    const from = solana.accounts[0]!.address
    const to = solana.accounts[3]!.address
    const rpc = createSolanaRpc(solana.url)
    const before = (await rpc.getBalance(address(to)).send()).value
    const { signature } = (await requestInPage(session, solanaChain(), {
      method: 'solana_signAndSendTransaction',
      params: { transaction: await unsignedSolanaTransfer(solana.url, from, to, 7_000n) },
    })) as { signature: string }
    const [status] = (await rpc.getSignatureStatuses([signature as Signature]).send()).value
    expect(status?.err ?? null).toBeNull()
    expect((await rpc.getBalance(address(to)).send()).value).toBe(before + 7_000n)
  })

  it('switching network and account in the page emits chainChanged and accountsChanged to the dapp', async () => {
    await page.getByTestId('mobile-wallet-chain').selectOption('31338')
    await eventually(() =>
      events.map((event) => [event.params.event.name, event.params.event.data]),
    ).toContainEqual(['chainChanged', 31338])
    const next = fixtureAccounts[1]!.address
    await page.getByTestId('mobile-wallet-account').selectOption(next)
    await eventually(() =>
      events.map((event) => [event.params.event.name, event.params.event.data]),
    ).toContainEqual(['accountsChanged', [next]])
    // The session's accounts follow, with the selected one first.
    await eventually(() => dapp.session.get(session.topic).namespaces.eip155?.accounts[0]).toBe(
      `eip155:31337:${next}`,
    )
  })

  it('makes no request that leaves the machine', () => {
    expect(blocked).toEqual([])
  })
})

describe('pairing and ending sessions', () => {
  it('pairs from a pasted URI, and a rejected proposal reaches the dapp as USER_REJECTED', async () => {
    const { uri, approved } = await propose()
    const answer = approved.then(
      () => undefined,
      (reason: unknown) => reason,
    )
    await page.goto(wallet.url)
    await page.getByTestId('mobile-wallet-uri').fill(uri)
    await page.getByTestId('mobile-wallet-pair').click()
    await expectTextContaining(proposalCard(uri).getByTestId('mobile-wallet-proposal-origin'), 'unverified')
    await expectText(proposalCard(uri).getByTestId('mobile-wallet-proposal-name'), DAPP_NAME)
    await proposalCard(uri).getByTestId('mobile-wallet-proposal-reject').click()
    expect(await within(answer, 'the dapp seeing the rejection')).toMatchObject({ code: 5000 })
  })

  it('pairs from an uploaded QR picture, and Disconnect in the page ends the session in the dapp', async () => {
    const { uri, approved } = await propose()
    await page.goto(wallet.url)
    await page.getByTestId('mobile-wallet-qr').setInputFiles({
      name: 'walletconnect-qr.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from(encodeQR(uri, 'gif', { scale: 4 })),
    })
    await proposalCard(uri).getByTestId('mobile-wallet-proposal-approve').click({ timeout: WAIT_MS })
    const session = await within(approved, 'the dapp seeing the approved session')
    expect(dapp.session.keys).toContain(session.topic)
    await sessionRow(session.topic).getByTestId('mobile-wallet-disconnect').click({ timeout: WAIT_MS })
    await eventually(() => deleted).toContain(session.topic)
    await eventually(() => dapp.session.keys).not.toContain(session.topic)
    await eventually(() => sessionRow(session.topic).count()).toBe(0)
  })

  it('pairs from a QR screenshot pasted on the page', async () => {
    const { uri, approved } = await propose()
    const answer = approved.then(
      () => undefined,
      (reason: unknown) => reason,
    )
    await page.goto(wallet.url)
    await page.getByTestId('mobile-wallet-qr').waitFor({ timeout: WAIT_MS })
    const gif = [...encodeQR(uri, 'gif', { scale: 4 })]
    // What a paste of a copied picture delivers: a paste event whose clipboard holds the file.
    await page.evaluate((bytes) => {
      const clipboard = new DataTransfer()
      clipboard.items.add(new File([new Uint8Array(bytes)], 'screenshot.gif', { type: 'image/gif' }))
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard }))
    }, gif)
    await expectText(proposalCard(uri).getByTestId('mobile-wallet-proposal-name'), DAPP_NAME)
    await proposalCard(uri).getByTestId('mobile-wallet-proposal-reject').click()
    expect(await within(answer, 'the dapp seeing the rejection')).toMatchObject({ code: 5000 })
  })

  it('shows a clear error for text that is not a pairing URI', async () => {
    await page.goto(wallet.url)
    await page.getByTestId('mobile-wallet-uri').fill('https://example.com')
    await page.getByTestId('mobile-wallet-pair').click()
    await expectText(page.getByTestId('mobile-wallet-error'), 'A pairing URI starts with wc:')
    expect(blocked).toEqual([])
  })
})
