/**
 * The block methods of the local Solana endpoint (getBlock, getBlocks, getBlocksWithLimit,
 * getBlockTime), in the shapes of Solana's JSON-RPC docs, over the transfers the dev
 * wallet makes: what an indexer following the chain reads.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import {
  address,
  createSolanaRpc,
  getBase58Decoder,
  getBase64Encoder,
  getTransactionDecoder,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedSolanaRpc, startSolanaRpc } from '../../../devstack/solana/index.js'
import { sendTransfer } from '../../adapters/solana/support/sendTransfer.js'

let rpc: StartedSolanaRpc
beforeAll(async () => {
  rpc = await startSolanaRpc()
})
afterAll(async () => {
  await rpc?.stop()
})

type TokenBalance = {
  accountIndex: number
  owner: string
  mint: string
  uiTokenAmount: { amount: string; decimals: number }
}
type BlockJson = {
  blockHeight: number
  blockTime: number
  blockhash: string
  previousBlockhash: string
  parentSlot: number
  rewards?: unknown[]
  signatures?: string[]
  transactions?: {
    version?: number | 'legacy'
    transaction: {
      signatures: string[]
      message: {
        accountKeys: (string | { pubkey: string; signer: boolean; writable: boolean; source: string })[]
        instructions: { programIdIndex?: number; programId?: string; data: string }[]
        recentBlockhash: string
      }
    }
    meta: {
      err: unknown
      fee: number
      preBalances: number[]
      postBalances: number[]
      preTokenBalances: TokenBalance[]
      postTokenBalances: TokenBalance[]
      logMessages?: string[]
    }
  }[]
}

async function call<T = unknown>(method: string, params?: unknown) {
  const response = await fetch(rpc.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as { result?: T; error?: { code: number; message: string } }
}

const full = { encoding: 'json', transactionDetails: 'full', maxSupportedTransactionVersion: 0 }
const slotOf = async (signature: string) =>
  Number(
    (await call<{ value: { slot: number }[] }>('getSignatureStatuses', [[signature]])).result!.value[0]!.slot,
  )
const fresh = () => getBase58Decoder().decode(ed25519.utils.randomSecretKey().slice(0, 32))

describe('local Solana RPC: blocks', () => {
  it('getBlock: a SOL transfer with its balances before and after, the fee and the block around it', async () => {
    const [from, to] = [rpc.accounts[0]!.address, rpc.accounts[1]!.address]
    const signature = await sendTransfer(rpc, { fromIndex: 0, to, value: 250_000_000n })
    const slot = await slotOf(signature)
    const { result: block } = await call<BlockJson>('getBlock', [slot, full])
    expect(block).toMatchObject({ blockHeight: slot, parentSlot: slot - 1, rewards: [] })
    expect(Math.abs(block!.blockTime - Date.now() / 1000)).toBeLessThan(60)
    const [entry] = block!.transactions!
    expect(entry!.version).toBe(0)
    expect(entry!.transaction.signatures).toEqual([signature])
    const keys = entry!.transaction.message.accountKeys as string[]
    const [fromIndex, toIndex] = [keys.indexOf(from), keys.indexOf(to)]
    expect(fromIndex).toBe(0)
    const { meta } = entry!
    expect(meta).toMatchObject({ err: null, fee: 5000, preTokenBalances: [], postTokenBalances: [] })
    expect(meta.preBalances[fromIndex]! - meta.postBalances[fromIndex]!).toBe(250_000_000 + 5000)
    expect(meta.postBalances[toIndex]! - meta.preBalances[toIndex]!).toBe(250_000_000)
    // The next block names this one's hash as its previous.
    const next = await slotOf(await sendTransfer(rpc, { fromIndex: 1, to: from, value: 1n }))
    const { result: after } = await call<BlockJson>('getBlock', [
      next,
      { ...full, transactionDetails: 'none' },
    ])
    expect(after).toMatchObject({ parentSlot: slot, previousBlockhash: block!.blockhash })
    expect((await call('getBlockTime', [slot])).result).toBe(block!.blockTime)
  })

  it('getBlock: an SPL transfer has token balances by owner, and a token account it opens only after', async () => {
    const [from, to, newcomer] = [rpc.accounts[2]!.address, rpc.accounts[3]!.address, fresh()]
    const slot = await slotOf(
      await sendTransfer(rpc, { fromIndex: 2, to, value: 1_500_000n, mint: rpc.mint.address }),
    )
    const { result } = await call<BlockJson>('getBlock', [slot, full])
    const { meta } = result!.transactions![0]!
    const amountOf = (balances: TokenBalance[], owner: string) =>
      balances.find((balance) => balance.owner === owner && balance.mint === rpc.mint.address)?.uiTokenAmount
    expect(amountOf(meta.preTokenBalances, from)).toMatchObject({ amount: '10000000000', decimals: 6 })
    expect(amountOf(meta.postTokenBalances, from)).toMatchObject({ amount: '9998500000', decimals: 6 })
    expect(amountOf(meta.postTokenBalances, to)).toMatchObject({ amount: '10001500000' })

    const opening = await slotOf(
      await sendTransfer(rpc, { fromIndex: 2, to: newcomer, value: 2_000_000n, mint: rpc.mint.address }),
    )
    const { meta: opened } = (await call<BlockJson>('getBlock', [opening, full])).result!.transactions![0]!
    expect(amountOf(opened.preTokenBalances, newcomer)).toBeUndefined()
    expect(amountOf(opened.postTokenBalances, newcomer)).toMatchObject({ amount: '2000000' })
  })

  it('getBlocks and getBlocksWithLimit list produced slots; the working slot has no block yet', async () => {
    await sendTransfer(rpc, { fromIndex: 3, to: rpc.accounts[0]!.address, value: 7n })
    const tip = Number((await call('getSlot')).result)
    // litesvm's clock starts far from 0; the first block is the first landed transaction.
    const first = Number((await call('getFirstAvailableBlock')).result)
    const blocks = (await call<number[]>('getBlocks', [first, tip])).result!
    // One block per landed transaction: every slot from the first to below the working one.
    expect(blocks).toEqual(Array.from({ length: tip - first }, (_, i) => first + i))
    expect((await call('getBlocks', [tip - 2])).result).toEqual([tip - 2, tip - 1])
    expect((await call('getBlocksWithLimit', [0, 2])).result).toEqual([first, first + 1])
    expect((await call('getBlock', [tip, full])).error).toMatchObject({
      code: -32004,
      message: `Block not available for slot ${tip}`,
    })
    expect((await call('getBlock', [first - 1, full])).error?.code).toBe(-32007)
  })

  it('answers the other encodings and detail levels, and refuses what a node refuses', async () => {
    const signature = await sendTransfer(rpc, { fromIndex: 1, to: fresh(), value: 1_000_000n })
    const slot = await slotOf(signature)
    const parsed = (
      await call<BlockJson>('getBlock', [slot, { ...full, encoding: 'jsonParsed', rewards: false }])
    ).result!
    expect(parsed.rewards).toBeUndefined()
    expect(parsed.transactions![0]!.transaction.message.accountKeys[0]).toEqual({
      pubkey: rpc.accounts[1]!.address,
      signer: true,
      writable: true,
      source: 'transaction',
    })
    expect(parsed.transactions![0]!.transaction.message.instructions[0]!.programId).toBe(
      '11111111111111111111111111111111',
    )
    const wire = (
      await call<{ transactions: { transaction: [string, string] }[] }>('getBlock', [
        slot,
        { ...full, encoding: 'base64' },
      ])
    ).result!
    const [base64, encoding] = wire.transactions[0]!.transaction
    expect(encoding).toBe('base64')
    const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(base64))
    expect(Object.keys(decoded.signatures)).toEqual([rpc.accounts[1]!.address])
    expect(
      (await call<BlockJson>('getBlock', [slot, { ...full, transactionDetails: 'signatures' }])).result!
        .signatures,
    ).toEqual([signature])

    // A v0 transaction needs the client to say it reads v0, as on a node.
    expect((await call('getBlock', [slot, { encoding: 'json' }])).error?.code).toBe(-32015)
    expect((await call('getBlock', [slot, { ...full, commitment: 'processed' }])).error?.code).toBe(-32602)
    expect((await call('getBlocks', [slot, slot + 600_000])).error).toMatchObject({
      code: -32602,
      message: 'Slot range too large; max 500000',
    })
    expect((await call('getBlocksWithLimit', [0, 600_000])).error?.code).toBe(-32602)
  })

  it('an airdrop lands as an ordinary System transfer from the faucet, in its own block', async () => {
    const client = createSolanaRpc(rpc.url)
    const receiver = fresh()
    const signature = await client.requestAirdrop(address(receiver), 3_000_000n as never).send()
    const { result } = await call<BlockJson>('getBlock', [await slotOf(signature), full])
    const [entry] = result!.transactions!
    expect(entry!.version).toBe('legacy')
    const keys = entry!.transaction.message.accountKeys as string[]
    const index = keys.indexOf(receiver)
    expect(entry!.meta.postBalances[index]! - entry!.meta.preBalances[index]!).toBe(3_000_000)
    expect((await client.getBalance(address(receiver)).send()).value).toBe(3_000_000n)
  })
})
