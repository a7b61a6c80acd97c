/**
 * Sign In With Farcaster verified on the server against a local chain 10 with the Id Registry
 * at its canonical address: the whole round (relay channel, the dev app's signature, the
 * status read with the relay client, the verifier), and the signatures it must refuse.
 */
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../devstack/anvil.js'
import { approveSignIn, parseSignInUri, signSignIn } from '../../../devstack/farcaster/devApp/signIn.js'
import {
  devFarcasterStranger,
  devFarcasterUsers,
  ID_REGISTRY_ADDRESS,
  idRegistryReadAbi,
  installIdRegistry,
} from '../../../devstack/farcaster/idRegistry.js'
import { type FarcasterRelay, startFarcasterRelay } from '../../../devstack/farcaster/relay.js'
import {
  channelStatus,
  createChannel,
  FarcasterRelayError,
} from '../../../server/embedded-wallet/farcaster/relayClient.js'
import {
  FarcasterSignInError,
  type FarcasterSignInErrorCode,
  verifyFarcasterSignIn,
} from '../../../server/embedded-wallet/farcaster/verifySignIn.js'

const [alice, bob] = devFarcasterUsers as [(typeof devFarcasterUsers)[0], (typeof devFarcasterUsers)[0]]
const domain = 'app.example'
const siweUri = 'https://app.example/login'

let anvil: AnvilInstance
let relay: FarcasterRelay
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 10 })
  await installIdRegistry(anvil.rpcUrl)
  relay = await startFarcasterRelay()
})
afterAll(async () => {
  await relay?.stop()
  await anvil?.stop()
})

async function refusal(promise: Promise<unknown>): Promise<FarcasterSignInErrorCode> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FarcasterSignInError)
  return (error as FarcasterSignInError).code
}

/** A request as the relay would hand it out, without a relay round trip. */
const requestWith = (nonce: string) => ({ channelToken: 'unused', nonce, domain, siweUri })

describe('the Id Registry on chain 10', () => {
  it('sits at its canonical address and knows the dev fids', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(await client.getChainId()).toBe(10)
    for (const user of devFarcasterUsers) {
      const read = (functionName: 'idOf' | 'custodyOf', arg: never) =>
        client.readContract({
          address: ID_REGISTRY_ADDRESS,
          abi: idRegistryReadAbi,
          functionName,
          args: [arg],
        })
      expect(await read('idOf', user.custody as never)).toBe(BigInt(user.fid))
      expect(await read('custodyOf', BigInt(user.fid) as never)).toBe(user.custody)
    }
    // Installing again leaves it as it is.
    await installIdRegistry(anvil.rpcUrl)
    expect(
      await client.readContract({
        address: ID_REGISTRY_ADDRESS,
        abi: idRegistryReadAbi,
        functionName: 'idOf',
        args: [devFarcasterStranger.address],
      }),
    ).toBe(0n)
  })
})

describe('verifyFarcasterSignIn', () => {
  it('accepts a message the fid custody key signed, through the relay, and yields the fid', async () => {
    const nonce = 'latchnonce0001'
    const channel = await createChannel({ relayUrl: relay.url }, { siweUri, domain, nonce })
    expect(channel.nonce).toBe(nonce)
    expect(await channelStatus({ relayUrl: relay.url }, channel.channelToken)).toEqual({ state: 'pending' })

    const approved = await approveSignIn({
      relayUrl: relay.url,
      authKey: relay.authKey,
      request: parseSignInUri(channel.url),
      user: alice,
    })
    expect(approved.status).toBe(201)

    const status = await channelStatus({ relayUrl: relay.url }, channel.channelToken)
    if (status.state !== 'completed') throw new Error(`expected completed, got ${status.state}`)
    expect(status).toMatchObject({ fid: 1001, username: 'alice-dev' })
    const verified = await verifyFarcasterSignIn({
      message: status.message,
      signature: status.signature,
      fid: status.fid,
      domain,
      nonce,
      rpcUrl: anvil.rpcUrl,
    })
    expect(verified).toEqual({ fid: 1001, custody: alice.custody })
    // The relay hands a result out once.
    expect(await channelStatus({ relayUrl: relay.url }, channel.channelToken)).toEqual({ state: 'gone' })
  })

  it("refuses a message for a fid signed by a key that is not the fid's custody address", async () => {
    const nonce = 'latchnonce0002'
    // Signed by a key with no fid, and by bob's custody key (which owns fid 1002), for fid 1001.
    for (const signWith of [devFarcasterStranger.key, bob.custodyKey]) {
      const { message, signature } = await signSignIn(requestWith(nonce), alice, { signWith })
      const code = await refusal(
        verifyFarcasterSignIn({ message, signature, fid: alice.fid, domain, nonce, rpcUrl: anvil.rpcUrl }),
      )
      expect(code).toBe('NOT_CUSTODY')
    }
  })

  it('refuses a wrong domain, a wrong nonce, another fid and a tampered message', async () => {
    const nonce = 'latchnonce0003'
    const { message, signature } = await signSignIn(requestWith(nonce), alice)
    const args = { message, signature, fid: alice.fid, domain, nonce, rpcUrl: anvil.rpcUrl }
    expect(await refusal(verifyFarcasterSignIn({ ...args, domain: 'evil.example' }))).toBe('WRONG_DOMAIN')
    expect(await refusal(verifyFarcasterSignIn({ ...args, nonce: 'latchnonce9999' }))).toBe('WRONG_NONCE')
    expect(await refusal(verifyFarcasterSignIn({ ...args, fid: bob.fid }))).toBe('WRONG_FID')
    const tampered = message.replace('https://app.example/login', 'https://app.example/other')
    expect(await refusal(verifyFarcasterSignIn({ ...args, message: tampered }))).toBe('BAD_SIGNATURE')
    expect(await refusal(verifyFarcasterSignIn({ ...args, message: 'hello' }))).toBe('INVALID_MESSAGE')
    const expired = await signSignIn(
      { ...requestWith(nonce), expirationTime: new Date(Date.now() - 60_000).toISOString() },
      alice,
      { issuedAt: new Date(Date.now() - 120_000) },
    )
    expect(await refusal(verifyFarcasterSignIn({ ...args, ...expired }))).toBe('EXPIRED')
    const early = await signSignIn(
      { ...requestWith(nonce), notBefore: new Date(Date.now() + 3_600_000).toISOString() },
      alice,
    )
    expect(await refusal(verifyFarcasterSignIn({ ...args, ...early }))).toBe('EXPIRED')
    // Still fine with the right values: the refusals above were for what was changed.
    expect(await verifyFarcasterSignIn(args)).toEqual({ fid: alice.fid, custody: alice.custody })
  })

  it('refuses an RPC that serves another chain than 10', async () => {
    const other = await startAnvil({ chainId: 31399 })
    try {
      const nonce = 'latchnonce0004'
      const { message, signature } = await signSignIn(requestWith(nonce), alice)
      const code = await refusal(
        verifyFarcasterSignIn({ message, signature, fid: alice.fid, domain, nonce, rpcUrl: other.rpcUrl }),
      )
      expect(code).toBe('CHAIN_UNAVAILABLE')
    } finally {
      await other.stop()
    }
  })
})

describe('the relay client', () => {
  it('turns refusals and non-answers into FarcasterRelayError, never a channel', async () => {
    await expect(createChannel({ relayUrl: relay.url }, { siweUri, domain: 'not a domain' })).rejects.toThrow(
      new FarcasterRelayError('The Farcaster relay refused the channel (400)'),
    )
    // A server that is not a relay: the chain's RPC answers JSON-RPC, not a channel.
    await expect(createChannel({ relayUrl: anvil.rpcUrl }, { siweUri, domain })).rejects.toBeInstanceOf(
      FarcasterRelayError,
    )
    expect(await channelStatus({ relayUrl: relay.url }, 'nosuchchannel')).toEqual({ state: 'gone' })
  })
})
