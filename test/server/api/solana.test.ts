/**
 * The local API server with the local Solana endpoint: the chain is listed as supported,
 * balances of a Solana owner (SOL and the SPL mints, with the fixture prices) come from
 * the litesvm endpoint live, through the kernel's own account reads on `kernel.api`, as
 * the demo reads them.
 */
import { address, createSolanaRpc, lamports } from '@solana/kit'
import { localSolana } from 'latchkit/networks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApiServer } from '../../../devstack/api/server.js'
import { type StartedSolanaRpc, startSolanaRpc } from '../../../devstack/solana/index.js'
import { getAccountBalance } from '../../../src/kernel/api/getAccountBalance'
import { getAccountNfts } from '../../../src/react/views/tabs/getAccountNfts'
import { getDevstack } from '../../support/devstack'
import { getJson, PROJECT_ID, testApi } from './helpers'

let rpc: StartedSolanaRpc
let api: ApiServer
beforeAll(async () => {
  rpc = await startSolanaRpc()
  api = await startApiServer({
    chains: getDevstack().chains,
    solana: { rpcUrl: rpc.url, genesisHash: rpc.genesisHash, mints: rpc.mints },
  })
})
afterAll(async () => {
  await Promise.all([api?.stop(), rpc?.stop()])
})

const chainId = () => `solana:${rpc.genesisHash.slice(0, 32)}` as const
/** The API as an app listing only the local Solana endpoint has it. */
const client = () => testApi(api, { networks: [localSolana(rpc.url, rpc.genesisHash)] })

describe('the local API with a Solana endpoint', () => {
  it('lists the Solana chain with the EVM ones', async () => {
    const { status, body } = await getJson<{ http: string[] }>(api, '/v1/supported-chains')
    expect(status).toBe(200)
    expect(body.http).toEqual(['eip155:31337', 'eip155:31338', chainId()])
  })

  it("answers a Solana owner's SOL and SPL balances with prices, read live from the endpoint", async () => {
    const owner = rpc.accounts[1]!.address
    const solana = client()
    const balances = await getAccountBalance(solana, { address: owner, chainId: chainId() })
    expect(balances).toMatchObject([
      {
        symbol: 'SOL',
        chainId: chainId(),
        price: 150,
        value: 15_000,
        quantity: { decimals: '9', numeric: '100' },
      },
      {
        symbol: 'LUSD',
        name: 'Latch USD',
        address: `${chainId()}:${rpc.mints.LUSD.address}`,
        price: 1,
        value: 10_000,
        quantity: { decimals: '6', numeric: '10000' },
      },
      // The 0-decimal mint is the client's to drop, as with the hosted API.
      { symbol: 'ZDT', quantity: { decimals: '0', numeric: '500' } },
    ])
    expect(balances[0]!.address).toBeUndefined()

    await createSolanaRpc(rpc.url).requestAirdrop(address(owner), lamports(2_500_000_000n)).send()
    // Kept 30 s: without forceUpdate the earlier answer stands.
    expect(
      (await getAccountBalance(solana, { address: owner, chainId: chainId() }))[0]?.quantity.numeric,
    ).toBe('100')
    const after = await getAccountBalance(solana, { address: owner, chainId: chainId(), forceUpdate: true })
    expect(after[0]?.quantity.numeric).toBe('102.5')
  })

  it('holds no Solana NFTs, and refuses a Solana owner on another chain', async () => {
    const owner = rpc.accounts[0]!.address
    expect(await getAccountNfts(client(), { address: owner, chainId: chainId() })).toEqual([])
    expect((await getJson(api, `/v1/account/${owner}/nfts`, { chainId: chainId() })).body).toEqual({
      data: [],
      count: 0,
    })
    const response = await fetch(
      `${api.url}/v1/account/${owner}/balance?projectId=${PROJECT_ID}&chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`,
    )
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toContain('not the Solana chain')
  })
})
