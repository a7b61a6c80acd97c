import { ed25519 } from '@noble/curves/ed25519.js'
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedSolanaRpc, startSolanaRpc } from '../../../devstack/solana/index.js'

let rpc: StartedSolanaRpc
beforeAll(async () => {
  rpc = await startSolanaRpc()
})
afterAll(async () => {
  await rpc?.stop()
})

const SYSTEM = address('11111111111111111111111111111111')

/** A signed SOL transfer built with @solana/kit, signed with a fixture key. */
async function transfer(
  fromIndex: number,
  to: string,
  amount: bigint,
  blockhash?: { blockhash: string; lastValidBlockHeight: bigint },
) {
  const client = createSolanaRpc(rpc.url)
  const from = rpc.accounts[fromIndex]!
  const lifetime = blockhash ?? (await client.getLatestBlockhash().send()).value
  const data = new Uint8Array(12)
  data[0] = 2
  new DataView(data.buffer).setBigUint64(4, amount, true)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from.address), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime as never, m),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: SYSTEM,
          data,
          accounts: [
            { address: address(from.address), role: AccountRole.WRITABLE_SIGNER },
            { address: address(to), role: AccountRole.WRITABLE },
          ],
        },
        m,
      ),
  )
  const compiled = compileTransaction(message)
  const signature = ed25519.sign(new Uint8Array(compiled.messageBytes), from.secretKey)
  return { ...compiled, signatures: { [from.address]: signature } } as unknown as Transaction
}

async function call(method: string, params?: unknown) {
  const response = await fetch(rpc.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
}

describe('local Solana RPC (litesvm)', () => {
  it('reports the fixed genesis hash, seeded SOL and SPL balances through @solana/kit', async () => {
    const client = createSolanaRpc(rpc.url)
    expect(await client.getGenesisHash().send()).toBe(rpc.genesisHash)
    const owner = address(rpc.accounts[1]!.address)
    expect((await client.getBalance(owner).send()).value).toBe(100_000_000_000n)
    const { value } = await client
      .getTokenAccountsByOwner(owner, { mint: address(rpc.mint.address) }, { encoding: 'jsonParsed' })
      .send()
    expect(value).toHaveLength(1)
    const info = value[0]!.account.data.parsed.info as { tokenAmount: { amount: string; decimals: number } }
    expect(info.tokenAmount).toMatchObject({ amount: '10000000000', decimals: 6 })
    const balance = await client.getTokenAccountBalance(value[0]!.pubkey).send()
    expect(balance.value.uiAmountString).toBe('10000')
  })

  it('sends a transfer, reports its status and balances, and refuses a replay', async () => {
    const client = createSolanaRpc(rpc.url)
    const receiver = getBase58Decoder().decode(ed25519.utils.randomSecretKey().slice(0, 32))
    const transaction = await transfer(0, receiver, 5_000_000n)
    const wire = getBase64EncodedWireTransaction(transaction)
    const signature = await client.sendTransaction(wire, { encoding: 'base64' }).send()
    expect(signature).toBe(getSignatureFromTransaction(transaction))
    const { value } = await client.getSignatureStatuses([signature]).send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect((await client.getBalance(address(receiver)).send()).value).toBe(5_000_000n)
    await expect(client.sendTransaction(wire, { encoding: 'base64' }).send()).rejects.toMatchObject({
      context: { __code: -32002 },
    })
  })

  it('keeps older blockhashes valid for a while, like a cluster', async () => {
    const client = createSolanaRpc(rpc.url)
    const { value: old } = await client.getLatestBlockhash().send()
    await client.requestAirdrop(address(rpc.accounts[2]!.address), 1_000_000n as never).send()
    const { value: fresh } = await client.getLatestBlockhash().send()
    expect(fresh.blockhash).not.toBe(old.blockhash)
    expect((await client.isBlockhashValid(old.blockhash as never).send()).value).toBe(true)
    const late = await transfer(1, rpc.accounts[3]!.address, 1000n, old as never)
    await expect(
      client.sendTransaction(getBase64EncodedWireTransaction(late), { encoding: 'base64' }).send(),
    ).resolves.toBeTypeOf('string')
  })

  it('fails preflight with a real RPC error carrying the simulation', async () => {
    const tooMuch = await transfer(3, rpc.accounts[0]!.address, 10n ** 15n)
    const wire = getBase64EncodedWireTransaction(tooMuch)
    const simulated = await call('simulateTransaction', [wire, { encoding: 'base64' }])
    expect(simulated.result).toMatchObject({ value: { err: { InstructionError: [0, { Custom: 1 }] } } })
    const sent = await call('sendTransaction', [wire, { encoding: 'base64' }])
    expect(sent.error?.code).toBe(-32002)
    expect(sent.error?.message).toContain('Transaction simulation failed')
  })

  it('validates request shapes: unknown method -32601, bad params -32602, bad JSON -32700', async () => {
    expect((await call('getBlockProduction')).error?.code).toBe(-32601)
    expect((await call('getBalance', ['not-a-key'])).error).toMatchObject({ code: -32602 })
    expect((await call('sendTransaction', [42])).error?.code).toBe(-32602)
    const response = await fetch(rpc.url, { method: 'POST', body: '{' })
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32700)
    const envelope = await fetch(rpc.url, {
      method: 'POST',
      body: JSON.stringify({ id: 1, method: 'getSlot' }),
    })
    expect(((await envelope.json()) as { error: { code: number } }).error.code).toBe(-32600)
  })

  it('answers the remaining read methods', async () => {
    const client = createSolanaRpc(rpc.url)
    expect((await client.getVersion().send())['solana-core']).toBeTypeOf('string')
    expect(await client.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n)
    const epoch = await client.getEpochInfo().send()
    expect(epoch.absoluteSlot).toBe(await client.getSlot().send())
    const mint = await client.getAccountInfo(address(rpc.mint.address), { encoding: 'jsonParsed' }).send()
    expect(mint.value?.data).toMatchObject({ parsed: { type: 'mint', info: { decimals: 6 } } })
    const many = await client
      .getMultipleAccounts([address(rpc.accounts[0]!.address), address(rpc.mint.address)], {
        encoding: 'base64',
      })
      .send()
    expect(many.value.map((a) => a?.owner)).toEqual([SYSTEM, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'])
    const transaction = await transfer(2, rpc.accounts[1]!.address, 1n)
    const fee = await client
      .getFeeForMessage(Buffer.from(transaction.messageBytes).toString('base64') as never)
      .send()
    expect(fee.value).toBe(5000n)
  })

  it('notifies signature, account and slot subscriptions over WebSocket', async () => {
    const subscriptions = createSolanaRpcSubscriptions(rpc.wsUrl)
    const client = createSolanaRpc(rpc.url)
    const abort = new AbortController()
    const receiver = rpc.accounts[3]!.address
    const transaction = await transfer(0, receiver, 7n)
    const signature = getSignatureFromTransaction(transaction)
    const accountChanges = await subscriptions
      .accountNotifications(address(receiver), { encoding: 'base64' })
      .subscribe({ abortSignal: abort.signal })
    const signatures = await subscriptions
      .signatureNotifications(signature, { commitment: 'confirmed' })
      .subscribe({ abortSignal: abort.signal })
    const slots = await subscriptions.slotNotifications().subscribe({ abortSignal: abort.signal })
    const before = (await client.getBalance(address(receiver)).send()).value
    const first = async <T>(iterable: AsyncIterable<T>) => {
      for await (const item of iterable) return item
      throw new Error('ended')
    }
    // kit drops notifications that arrive before iteration starts: start listening first.
    const notified = Promise.all([first(accountChanges), first(signatures), first(slots)])
    await client.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send()
    const [account, status, slot] = await notified
    expect(account.value.lamports).toBe(before + 7n)
    expect(status.value.err).toBeNull()
    expect(slot.slot).toBeGreaterThan(0n)
    abort.abort()
  })
})
