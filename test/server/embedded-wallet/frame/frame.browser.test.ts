// The frame page in Chromium, served by the real frame service on its own origin and
// embedded by a host page on another port that speaks the widget's side of the protocol
// by hand: a new user logs in with the code from the devstack mailbox, sets a recovery
// password in the frame, gets EVM and Solana addresses, signs a message and sends ETH
// approved in the frame's own screen, rejects one (4001); forged messages from another
// window change nothing; a reload reconnects without a prompt; a session revoked on the
// service refuses the next chain read and logs the frame out; a second browser context
// (a new device) approves itself by the emailed link, fails with a wrong password and
// recovers the same addresses with the right one, then updates its email and signs out.

import { PGlite } from '@electric-sql/pglite'
import { ed25519 } from '@noble/curves/ed25519.js'
import { address, createSolanaRpc, getBase58Decoder, getBase58Encoder, lamports } from '@solana/kit'
import type { Page } from 'playwright-core'
import { createPublicClient, type Hex, http, parseEther, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../devstack/anvil.js'
import { type StartedSolanaRpc, startSolanaRpc } from '../../../../devstack/solana/index.js'
import { unsignedSolanaTransfer } from '../../../devstack/helpers/solanaTransfer'
import { newLocalContext } from '../../../support/browser'
import { browserForFile } from '../../../support/browser-for-file'
import { type StaticServer, serveHtml } from '../../../support/static-server'
import {
  eventually,
  expectAttribute,
  expectCount,
  expectText,
  expectTextContaining,
} from '../../../support/waiting'
import {
  codeOf,
  linkOf,
  mailCount,
  newEmail,
  nextMail,
  PROJECT,
  startServiceStack,
} from '../serviceHelpers.js'
import { foreignPage, frameHostPage } from './framePages/frameHostPage'

const getBrowser = browserForFile()
let anvil: AnvilInstance
let solana: StartedSolanaRpc
let host: StaticServer
let foreign: StaticServer
let stack: Awaited<ReturnType<typeof startServiceStack>>
let pglite: PGlite

const PASSWORD = 'violet harbor 42 lanterns'
const CHAIN = 'eip155:31337'
const SOLANA_CHAIN = 'solana:localnet'

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  solana = await startSolanaRpc()
  host = await serveHtml({ '/': frameHostPage })
  foreign = await serveHtml({ '/': foreignPage })
  pglite = new PGlite()
  stack = await startServiceStack({
    database: pglite,
    projects: { [PROJECT]: { allowedOrigins: [new URL(host.url).origin] } },
    chains: { [CHAIN]: anvil.rpcUrl, [SOLANA_CHAIN]: solana.url },
  })
})

afterAll(async () => {
  await Promise.all([stack?.stop(), host?.close(), foreign?.close(), anvil?.stop(), solana?.stop()])
  await pglite?.close()
})

const frameUrl = () =>
  `${stack.service.url}/frame?projectId=${PROJECT}&chainId=${encodeURIComponent(CHAIN)}&version=test&enableLogger=true`

type Answer = { id: string; type: string; payload: Record<string, unknown> }
type HostWindow = {
  frameHost: {
    ready: boolean
    refused: boolean
    answers: Record<string, Answer>
    events: { type: string; payload?: Record<string, unknown> }[]
    forged: unknown[]
    open(url: string): boolean
    request(type: string, payload: unknown): string
    abort(requestId: string): boolean
    logs(): string[]
    embedForeign(url: string): boolean
    secondConnect(frameOrigin: string): boolean
  }
}

/** The host page in a browser context, with the frame embedded and the handshake done. */
async function openHost(page: Page) {
  await page.goto(host.url)
  await page.waitForFunction(() => 'frameHost' in window)
  await page.evaluate((url) => (window as unknown as HostWindow).frameHost.open(url), frameUrl())
  await eventually(() => page.evaluate(() => (window as unknown as HostWindow).frameHost.ready)).toBe(true)
  const frame = page.frameLocator('#wallet-frame')
  return {
    frame,
    /** Sends a request and resolves with its answer, waiting up to `timeout` ms for it. */
    async ask(type: string, payload: unknown = {}, timeout = 15_000): Promise<Answer> {
      const id = await page.evaluate(
        ([type_, payload_]) => (window as unknown as HostWindow).frameHost.request(type_ as string, payload_),
        [type, payload] as const,
      )
      return waitForAnswer(id, timeout)
    },
    send: (type: string, payload: unknown = {}) =>
      page.evaluate(
        ([type_, payload_]) => (window as unknown as HostWindow).frameHost.request(type_ as string, payload_),
        [type, payload] as const,
      ),
    waitForAnswer,
    events: () =>
      page.evaluate(() => (window as unknown as HostWindow).frameHost.events.map((event) => event.type)),
  }

  async function waitForAnswer(id: string, timeout = 15_000): Promise<Answer> {
    await eventually(
      () => page.evaluate((key) => key in (window as unknown as HostWindow).frameHost.answers, id),
      {
        timeout,
      },
    ).toBe(true)
    // settled: the answer arrived (the wait above), and each request is answered once.
    return page.evaluate((key) => (window as unknown as HostWindow).frameHost.answers[key] as Answer, id)
  }
}

/** The newest code mailed to `email` after `seen` mails. */
async function codeFor(email: string, seen: number): Promise<string> {
  return codeOf(await nextMail(stack.mailbox, email, seen))
}

const account = { email: '', eip155: '', solana: '' }

describe('the frame page', () => {
  it('makes a new wallet behind its own password screen, signs only what the person approves, and ignores forgeries', async () => {
    const { context } = await newLocalContext(getBrowser())
    try {
      const page = await context.newPage()
      const session = await openHost(page)
      account.email = newEmail()

      expect(await session.ask('IS_CONNECTED')).toMatchObject({
        type: 'IS_CONNECTED_SUCCESS',
        payload: { isConnected: false },
      })
      const seen = mailCount(stack.mailbox, account.email)
      expect(await session.ask('CONNECT_EMAIL', { email: account.email })).toMatchObject({
        type: 'CONNECT_EMAIL_SUCCESS',
        payload: { action: 'VERIFY_OTP' },
      })
      const otp = await codeFor(account.email, seen)
      // A wrong code fails with the service's words and code; the right one still works.
      expect(await session.ask('CONNECT_OTP', { otp: otp === '000000' ? '000001' : '000000' })).toEqual({
        id: expect.any(String),
        type: 'CONNECT_OTP_ERROR',
        payload: { message: 'The code is not right', code: 'INVALID_OTP' },
      })
      expect(await session.ask('CONNECT_OTP', { otp })).toMatchObject({
        type: 'CONNECT_OTP_SUCCESS',
        payload: { action: 'SETUP_WALLET' },
      })

      // The frame's screens follow the app's theme: dark, with the app's accent.
      expect(
        await session.ask('SYNC_THEME', {
          themeMode: 'dark',
          themeVariables: { accent: '#ff007a', 'bad;name': 'x' },
        }),
      ).toMatchObject({ type: 'SYNC_THEME_SUCCESS' })
      const frameRoot = session.frame.locator('html')
      await expectAttribute(frameRoot, 'data-theme', 'dark')
      await eventually(() =>
        frameRoot.evaluate((html) => getComputedStyle(html).getPropertyValue('--lk-accent')),
      ).toBe('#ff007a')

      // The frame draws its own password screen; the host page only sees FRAME_SHOW.
      const setup = await session.send('SETUP_WALLET', {})
      await eventually(session.events).toContain('FRAME_SHOW')
      await session.frame.getByTestId('frame-password').fill(PASSWORD)
      await session.frame.getByTestId('frame-password-confirm').fill(`${PASSWORD}!`)
      await session.frame.getByTestId('frame-password-submit').click()
      await expectText(session.frame.getByTestId('frame-error'), 'The two passwords are not the same.')
      await session.frame.getByTestId('frame-password-confirm').fill(PASSWORD)
      await session.frame.getByTestId('frame-password-submit').click()
      expect(await session.waitForAnswer(setup, 45_000)).toMatchObject({ type: 'SETUP_WALLET_SUCCESS' })
      await eventually(session.events).toContain('FRAME_HIDE')

      const evmUser = await session.ask('GET_USER', { chainId: CHAIN })
      expect(evmUser).toMatchObject({
        type: 'GET_USER_SUCCESS',
        payload: {
          email: account.email,
          chainId: CHAIN,
          preferredAccountType: 'eoa',
          smartAccountDeployed: false,
        },
      })
      account.eip155 = evmUser.payload.address as string
      expect(account.eip155).toMatch(/^0x[0-9a-fA-F]{40}$/)
      const solanaUser = await session.ask('GET_USER', { chainId: SOLANA_CHAIN })
      account.solana = solanaUser.payload.address as string
      expect(account.solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)

      // A message signed after Approve in the frame verifies for the address.
      const sign = await session.send('RPC_REQUEST', {
        chainId: CHAIN,
        method: 'personal_sign',
        params: ['Sign in to the frame test', account.eip155],
      })
      await expectText(session.frame.getByTestId('frame-request-method'), 'Sign a message')
      await expectTextContaining(
        session.frame.getByTestId('frame-request-details'),
        'Sign in to the frame test',
        new URL(host.url).origin,
        CHAIN,
      )
      await session.frame.getByTestId('frame-approve').click()
      const signed = await session.waitForAnswer(sign)
      expect(signed.type).toBe('RPC_REQUEST_SUCCESS')
      const signature = signed.payload.result as Hex
      expect(
        await verifyMessage({
          address: account.eip155 as Hex,
          message: 'Sign in to the frame test',
          signature,
        }),
      ).toBe(true)

      // Rejected in the frame: 4001, nothing signed.
      const rejected = await session.send('RPC_REQUEST', {
        chainId: CHAIN,
        method: 'personal_sign',
        params: ['Do not sign this', account.eip155],
      })
      await expectTextContaining(session.frame.getByTestId('frame-request-details'), 'Do not sign this')
      await session.frame.getByTestId('frame-reject').click()
      expect(await session.waitForAnswer(rejected)).toMatchObject({
        type: 'RPC_REQUEST_ERROR',
        payload: { message: 'User rejected the request', code: 4001 },
      })

      // Aborted while the person looks at it: the screen goes, the answer says so.
      const aborted = await session.send('RPC_REQUEST', {
        chainId: CHAIN,
        method: 'personal_sign',
        params: ['Abort this', account.eip155],
      })
      await expectTextContaining(session.frame.getByTestId('frame-request-details'), 'Abort this')
      await page.evaluate((id) => (window as unknown as HostWindow).frameHost.abort(id), aborted)
      expect(await session.waitForAnswer(aborted)).toMatchObject({
        type: 'RPC_REQUEST_ERROR',
        payload: { message: 'Request was aborted' },
      })
      await expectCount(session.frame.getByTestId('frame-approve'), 0)

      // Not on the list: never asked, never done.
      expect(
        await session.ask('RPC_REQUEST', { chainId: CHAIN, method: 'eth_sign', params: [] }),
      ).toMatchObject({
        type: 'RPC_REQUEST_ERROR',
        payload: { message: 'Requested RPC call is not allowed' },
      })

      // An ETH send approved in the frame is filled from the chain, signed here and mined.
      await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'anvil_setBalance',
          params: [account.eip155, '0xde0b6b3a7640000'],
        }),
      })
      const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
      const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
      const before = await chain.getBalance({ address: recipient })
      const send = await session.send('RPC_REQUEST', {
        chainId: CHAIN,
        method: 'eth_sendTransaction',
        params: [{ from: account.eip155, to: recipient, value: '0x2386f26fc10000' }],
      })
      await expectTextContaining(session.frame.getByTestId('frame-request-details'), recipient, '0.01 ETH')
      await session.frame.getByTestId('frame-approve').click()
      const sent = await session.waitForAnswer(send)
      expect(sent.type).toBe('RPC_REQUEST_SUCCESS')
      const receipt = await chain.waitForTransactionReceipt({ hash: sent.payload.result as Hex })
      expect(receipt.status).toBe('success')
      expect(await chain.getBalance({ address: recipient })).toBe(before + parseEther('0.01'))

      // Solana: a message signed after Approve verifies for the address, and a transfer
      // approved in the frame (the amount and recipient shown) lands on the local endpoint.
      const solanaMessage = getBase58Decoder().decode(new TextEncoder().encode('Hello from the frame test'))
      const signMessage = await session.send('RPC_REQUEST', {
        chainId: SOLANA_CHAIN,
        method: 'solana_signMessage',
        params: { message: solanaMessage, pubkey: account.solana },
      })
      await expectTextContaining(
        session.frame.getByTestId('frame-request-details'),
        'Hello from the frame test',
      )
      await session.frame.getByTestId('frame-approve').click()
      const solanaSigned = await session.waitForAnswer(signMessage)
      expect(solanaSigned.type).toBe('RPC_REQUEST_SUCCESS')
      const { signature: solanaSignature } = solanaSigned.payload.result as { signature: string }
      expect(
        ed25519.verify(
          new Uint8Array(getBase58Encoder().encode(solanaSignature)),
          new TextEncoder().encode('Hello from the frame test'),
          new Uint8Array(getBase58Encoder().encode(account.solana)),
        ),
      ).toBe(true)

      const solanaRpc = createSolanaRpc(solana.url)
      await solanaRpc.requestAirdrop(address(account.solana), lamports(1_000_000_000n)).send()
      const solanaRecipient = solana.accounts[0]?.address as string
      const { value: recipientBefore } = await solanaRpc.getBalance(address(solanaRecipient)).send()
      const transfer = await session.send('RPC_REQUEST', {
        chainId: SOLANA_CHAIN,
        method: 'solana_signAndSendTransaction',
        params: {
          transaction: await unsignedSolanaTransfer(solana.url, account.solana, solanaRecipient, 10_000_000n),
        },
      })
      await expectTextContaining(
        session.frame.getByTestId('frame-request-details'),
        `0.01 SOL to ${solanaRecipient}`,
      )
      await session.frame.getByTestId('frame-approve').click()
      const transferred = await session.waitForAnswer(transfer)
      expect(transferred).toMatchObject({ type: 'RPC_REQUEST_SUCCESS' })
      expect((transferred.payload.result as { signature: string }).signature).toMatch(
        /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
      )
      await eventually(async () => (await solanaRpc.getBalance(address(solanaRecipient)).send()).value).toBe(
        recipientBefore + 10_000_000n,
      )

      // Forgeries: a foreign page beside the frame posts a connect and a request at it, and
      // the host page itself posts a second connect. The frame drops them (and logs it).
      const frameOrigin = new URL(stack.service.url).origin
      await page.evaluate((url) => (window as unknown as HostWindow).frameHost.embedForeign(url), foreign.url)
      await page.evaluate(
        (origin) => (window as unknown as HostWindow).frameHost.secondConnect(origin),
        frameOrigin,
      )
      await eventually(() =>
        page.evaluate(
          () =>
            (window as unknown as HostWindow).frameHost
              .logs()
              .filter((line) => line.startsWith('dropped a window message')).length,
        ),
      ).toBeGreaterThanOrEqual(3)
      // The real channel still answers; the forged ones never did.
      expect(await session.ask('GET_USER', { chainId: CHAIN })).toMatchObject({
        payload: { address: account.eip155 },
      })
      // settled: the frame logged dropping every forged message before the answer above.
      expect(await page.evaluate(() => (window as unknown as HostWindow).frameHost.forged)).toEqual([])

      // A reload: the frame rebuilds the keys from this device's share without a prompt.
      await page.reload()
      const again = await openHost(page)
      expect(await again.ask('IS_CONNECTED', {}, 30_000)).toMatchObject({ payload: { isConnected: true } })
      expect(await again.ask('GET_USER', { chainId: CHAIN })).toMatchObject({
        payload: { address: account.eip155 },
      })

      // The session ends on the service (revoked there) while the keys are unlocked here:
      // the chain is read only with a live session, and the frame then logs out.
      await pglite.query('UPDATE ew_sessions SET revoked_at = now() WHERE revoked_at IS NULL')
      expect(
        await again.ask('RPC_REQUEST', {
          chainId: CHAIN,
          method: 'eth_getBalance',
          params: [account.eip155, 'latest'],
        }),
      ).toMatchObject({ type: 'RPC_REQUEST_ERROR', payload: { code: 'NO_SESSION' } })
      await eventually(again.events).toContain('SESSION_EXPIRED')
      expect(await again.ask('GET_USER', { chainId: CHAIN })).toMatchObject({
        type: 'GET_USER_ERROR',
        payload: { code: 'not_connected' },
      })
    } finally {
      await context.close()
    }
  }, 180_000)

  it('recovers the same wallet on a new device with the password after a wrong one fails clearly, updates the email and signs out', async () => {
    expect(account.eip155).not.toBe('')
    const { context } = await newLocalContext(getBrowser())
    try {
      const page = await context.newPage()
      const session = await openHost(page)
      let seen = mailCount(stack.mailbox, account.email)
      expect(await session.ask('CONNECT_EMAIL', { email: account.email })).toMatchObject({
        payload: { action: 'VERIFY_DEVICE' },
      })
      // The person clicks the emailed link (the service then mails the code); the frame's
      // wait sees the approval.
      const link = linkOf(await nextMail(stack.mailbox, account.email, seen))
      seen += 1
      const approval = await fetch(link)
      expect(approval.status).toBe(200)
      expect(await session.ask('CONNECT_DEVICE', {}, 30_000)).toMatchObject({
        type: 'CONNECT_DEVICE_SUCCESS',
        payload: { approved: true },
      })
      expect(await session.ask('CONNECT_OTP', { otp: await codeFor(account.email, seen) })).toMatchObject({
        payload: { action: 'RECOVER_WALLET' },
      })

      const recover = await session.send('RECOVER_WALLET', {})
      await session.frame.getByTestId('frame-recover-password').fill('not the password')
      await session.frame.getByTestId('frame-recover-submit').click()
      await expectText(
        session.frame.getByTestId('frame-error'),
        'That recovery password is not correct. Try again.',
      )
      await session.frame.getByTestId('frame-recover-password').fill(PASSWORD)
      await session.frame.getByTestId('frame-recover-submit').click()
      expect(await session.waitForAnswer(recover, 45_000)).toMatchObject({ type: 'RECOVER_WALLET_SUCCESS' })

      expect(await session.ask('GET_USER', { chainId: CHAIN })).toMatchObject({
        payload: { address: account.eip155 },
      })
      expect(await session.ask('GET_USER', { chainId: SOLANA_CHAIN })).toMatchObject({
        payload: { address: account.solana },
      })

      // Email update: a code to the current address, then one to the new address.
      const newAddress = newEmail()
      const oldSeen = mailCount(stack.mailbox, account.email)
      expect(await session.ask('UPDATE_EMAIL', { email: newAddress })).toMatchObject({
        payload: { action: 'VERIFY_PRIMARY_OTP' },
      })
      const newSeen = mailCount(stack.mailbox, newAddress)
      expect(
        await session.ask('UPDATE_EMAIL_PRIMARY_OTP', { otp: await codeFor(account.email, oldSeen) }),
      ).toMatchObject({ payload: { action: 'VERIFY_SECONDARY_OTP' } })
      expect(
        await session.ask('UPDATE_EMAIL_SECONDARY_OTP', { otp: await codeFor(newAddress, newSeen) }),
      ).toMatchObject({ type: 'UPDATE_EMAIL_SECONDARY_OTP_SUCCESS', payload: { email: newAddress } })
      expect(await session.ask('GET_USER', { chainId: CHAIN })).toMatchObject({
        payload: { email: newAddress, address: account.eip155 },
      })

      // Sign-out revokes the session: the frame is no longer connected.
      expect(await session.ask('SIGN_OUT')).toMatchObject({ type: 'SIGN_OUT_SUCCESS' })
      expect(await session.ask('IS_CONNECTED')).toMatchObject({ payload: { isConnected: false } })
      expect(await session.ask('GET_USER', { chainId: CHAIN })).toMatchObject({
        type: 'GET_USER_ERROR',
        payload: { code: 'not_connected' },
      })
    } finally {
      await context.close()
    }
  }, 180_000)
})
