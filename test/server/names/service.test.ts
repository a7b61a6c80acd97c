/**
 * The names service in latchkit-server over real HTTP, on an anvil of its own with the
 * fixture ENS: identities and lookups come from the contracts as a wallet reads them,
 * registration checks the rule, the signature (a key's and a contract account's,
 * EIP-1271), the time window and duplicates, and a registered name is then on chain.
 */
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  namehash,
  type PublicClient,
  toCoinType,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedChains, startChains } from '../../../devstack/chain.js'
import { fixtureAccounts, fixtureEns } from '../../../devstack/fixtures.js'
import { ensRegistryAbi } from '../../../server/names/ensAbis.js'
import { MESSAGE_MAX_AGE_SECONDS } from '../../../server/names/registrationMessage.js'
import type { RunningServer } from '../../../server/startServer.js'
import { expectErrorShape } from '../../support/errorShape.js'
import { compileOwnedWallet } from '../siwe/fixtures/compileOwnedWallet.js'
import { call, freshLabel, signedRegistration, startNamesServer } from './helpers.js'

const CHAIN_ID = 31337
const alice = fixtureAccounts[0]!
const carol = privateKeyToAccount(fixtureAccounts[2]!.privateKey)
const dave = privateKeyToAccount(fixtureAccounts[3]!.privateKey)
type Refusal = { message: string; code: string; reasons: { description: string }[] }
type Profile = {
  name: string
  addresses: Record<string, { address: Address }>
  attributes: Record<string, string>
}

let chains: StartedChains
let server: RunningServer
let client: PublicClient

beforeAll(async () => {
  chains = await startChains({ chainIds: [CHAIN_ID] })
  const rpcUrl = chains.chains[0]!.rpcUrl
  client = createPublicClient({ transport: http(rpcUrl) })
  server = await startNamesServer({ chainId: CHAIN_ID, rpcUrl })
})

afterAll(async () => {
  await server?.stop()
  await chains?.stop()
})

/** The name's address as a wallet reads it from ENS (checksummed; a coin-type record comes back in lower case). */
const onChain = async (name: string, coinType?: bigint) => {
  const found = await client.getEnsAddress({
    name,
    universalResolverAddress: fixtureEns.universalResolver,
    ...(coinType !== undefined && { coinType }),
  })
  return found && getAddress(found)
}

describe('names read from ENS', () => {
  it("answers a fixture account's identity from its primary name and avatar record", async () => {
    const identity = await call(server.url, `/v1/identity/${alice.address}`)
    expect(identity).toEqual({
      status: 200,
      body: { name: 'alice.eth', avatar: fixtureEns.names[0]!.avatar },
    })
    expect((await call(server.url, `/v1/identity/${carol.address}`)).body).toEqual({
      name: null,
      avatar: null,
    })
  })

  it("looks a name up with its addresses by coin type, and an address's names", async () => {
    const { status, body } = await call<Profile>(server.url, '/v1/profile/account/alice.eth')
    expect(status).toBe(200)
    expect(body.addresses['60']?.address).toBe(alice.address)
    expect(body.addresses[toCoinType(CHAIN_ID).toString()]?.address).toBe(alice.address)
    expect(body.attributes).toEqual({
      avatar: fixtureEns.names[0]!.avatar,
      bio: fixtureEns.names[0]!.description,
    })
    const reverse = await call<Profile[]>(server.url, `/v1/profile/reverse/${fixtureAccounts[1]!.address}`)
    expect(reverse.body.map((profile) => profile.name)).toEqual(['bob.eth'])
    const unknown = await call<Refusal>(server.url, '/v1/profile/account/nobody-here.eth')
    expect(unknown.status).toBe(404)
    expect(unknown.body.reasons[0]?.description).toBe(unknown.body.message)
  })

  it('answers a bad registration in the one error shape, { code, message }, with the older reasons kept', async () => {
    const answer = await fetch(`${server.url}/v1/profile/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    })
    const body = await expectErrorShape(answer, 400, 'BAD_REQUEST', ['reasons'])
    expect(body.reasons).toEqual([{ description: body.message }])
  })
})

describe('registration', () => {
  it('registers a name, sets it on chain for the signer, and then answers it everywhere', async () => {
    const label = freshLabel('carol')
    const name = `${label}.latch.id`
    const before = await call<{ suggestions: { name: string; registered: boolean }[] }>(
      server.url,
      `/v1/profile/suggestions/${label}?zone=latch.id`,
    )
    expect(before.body.suggestions[0]).toEqual({ name, registered: false })

    const answer = await call(
      server.url,
      '/v1/profile/account',
      await signedRegistration(carol, name, CHAIN_ID),
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ success: true, name, address: carol.address })

    // On chain: the person owns it, and it resolves for Ethereum and for the signer's chain.
    const owner = await client.readContract({
      address: fixtureEns.registry,
      abi: ensRegistryAbi,
      functionName: 'owner',
      args: [namehash(name)],
    })
    expect(owner).toBe(carol.address)
    expect(await onChain(name)).toBe(carol.address)
    expect(await onChain(name, toCoinType(CHAIN_ID))).toBe(carol.address)

    expect((await call(server.url, `/v1/identity/${carol.address}`)).body).toEqual({ name, avatar: null })
    const profile = await call<Profile>(server.url, `/v1/profile/account/${name}`)
    expect(profile.body.addresses[toCoinType(CHAIN_ID).toString()]?.address).toBe(carol.address)
    const after = await call<{ suggestions: { name: string; registered: boolean }[] }>(
      server.url,
      `/v1/profile/suggestions/${label}?zone=latch.id`,
    )
    expect(after.body.suggestions[0]).toEqual({ name, registered: true })
    expect(after.body.suggestions.slice(1).every((suggestion) => !suggestion.registered)).toBe(true)
  })

  it('refuses a name registered before, by anyone, but answers the same signed registration sent again', async () => {
    const name = `${freshLabel('taken')}.latch.id`
    const signed = await signedRegistration(carol, name, CHAIN_ID)
    expect((await call(server.url, '/v1/profile/account', signed)).status).toBe(200)
    // A client retrying after a lost answer gets the answer it missed.
    expect(await call(server.url, '/v1/profile/account', signed)).toMatchObject({
      status: 200,
      body: { success: true, name, address: carol.address },
    })
    const again = await call<Refusal>(
      server.url,
      '/v1/profile/account',
      await signedRegistration(dave, name, CHAIN_ID),
    )
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      code: 'NAME_TAKEN',
      reasons: [{ description: `${name} is already registered` }],
    })
    expect(await onChain(name)).toBe(carol.address)
  })

  it('refuses a name the chain already has, though this database has never seen it', async () => {
    // A second server with a database of its own: only the chain knows the name.
    const name = `${freshLabel('elsewhere')}.latch.id`
    expect(
      (await call(server.url, '/v1/profile/account', await signedRegistration(carol, name, CHAIN_ID))).status,
    ).toBe(200)
    const other = await startNamesServer({ chainId: CHAIN_ID, rpcUrl: chains.chains[0]!.rpcUrl })
    try {
      const answer = await call<Refusal>(
        other.url,
        '/v1/profile/account',
        await signedRegistration(dave, name, CHAIN_ID),
      )
      expect(answer).toMatchObject({ status: 409, body: { code: 'NAME_TAKEN' } })
    } finally {
      await other.stop()
    }
  })

  it("refuses a signature that is not the address owner's, and leaves the name free", async () => {
    const name = `${freshLabel('forged')}.latch.id`
    const forged = await signedRegistration(carol, name, CHAIN_ID, { by: dave })
    const answer = await call<Refusal>(server.url, '/v1/profile/account', forged)
    expect(answer).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } })
    expect(await onChain(name)).toBeNull()
    const tampered = await signedRegistration(carol, name, CHAIN_ID)
    tampered.message = tampered.message.replace('forged', 'forgeD')
    expect((await call(server.url, '/v1/profile/account', tampered)).status).toBe(401)
  })

  it(`refuses a message signed more than ${MESSAGE_MAX_AGE_SECONDS} s ago`, async () => {
    const stale = await signedRegistration(carol, `${freshLabel('stale')}.latch.id`, CHAIN_ID, {
      timestamp: Math.floor(Date.now() / 1000) - MESSAGE_MAX_AGE_SECONDS - 30,
    })
    expect(await call(server.url, '/v1/profile/account', stale)).toMatchObject({
      status: 400,
      body: { code: 'TIMESTAMP_OUT_OF_WINDOW' },
    })
  })

  it('refuses a name that breaks the rule or another zone, with the rule as the first reason', async () => {
    const short = await call<Refusal>(
      server.url,
      '/v1/profile/account',
      await signedRegistration(carol, 'abc.latch.id', CHAIN_ID),
    )
    expect(short.status).toBe(400)
    expect(short.body.code).toBe('NAME_INVALID')
    expect(short.body.reasons[0]?.description).toBe(
      'abc.latch.id is not a valid name: letters, digits or hyphen, 4 to 63 characters',
    )
    const zone = await call<Refusal>(
      server.url,
      '/v1/profile/account',
      await signedRegistration(carol, 'carol.eth', CHAIN_ID),
    )
    expect(zone).toMatchObject({ status: 400, body: { code: 'ZONE_UNSUPPORTED' } })
    const coin = await call<Refusal>(server.url, '/v1/profile/account', {
      ...(await signedRegistration(carol, `${freshLabel('coin')}.latch.id`, CHAIN_ID)),
      coin_type: 501,
    })
    expect(coin).toMatchObject({ status: 400, body: { code: 'COIN_TYPE_UNSUPPORTED' } })
  })

  it('registers for a contract account that signs through EIP-1271', async () => {
    const { abi, bytecode } = compileOwnedWallet()
    const deployer = createWalletClient({ account: dave, transport: http(chains.chains[0]!.rpcUrl) })
    const hash = await deployer.deployContract({ abi, bytecode, args: [carol.address], chain: null })
    const wallet = getAddress((await client.waitForTransactionReceipt({ hash })).contractAddress as Address)
    const name = `${freshLabel('vault')}.latch.id`
    const body = await signedRegistration(carol, name, CHAIN_ID)
    const answer = await call(server.url, '/v1/profile/account', { ...body, address: wallet })
    expect(answer.status).toBe(200)
    expect(await onChain(name)).toBe(wallet)
  })
})
