/**
 * What a block did for each account, from the balances a node reports before and after each
 * transaction rather than from its instructions: that covers every program (a swap, a
 * program-driven payout) without a parser per program, and it is what the account's
 * balance actually did.
 *
 * - SOL: post minus pre lamports of every loaded account, the fee added back for the fee
 *   payer, so paying a fee is not a send. The rent deposit of a token account the
 *   transaction created (an SPL send to someone without an account for the mint) is part
 *   of the fee payer's fee when the fee payer paid it, not a SOL send to that account: a
 *   person sent tokens, and reads one row.
 * - SPL: post minus pre token balances summed by owner and mint.
 * - An account that moved nothing but signed the transaction (a failed one included) gets an
 *   'execute' entry; an account that neither moved anything nor signed gets none.
 */
import type { IndexedTransfer, OperationType } from '../../api/historySource.js'

/** SOL's decimals. */
const LAMPORT_DECIMALS = 9

/** A token balance as getBlock's `meta.preTokenBalances` has it. */
export type BlockTokenBalance = {
  accountIndex: number
  mint: string
  owner?: string
  uiTokenAmount: { amount: string; decimals: number }
}

/** The parts of a getBlock answer (json encoding, full details) the index reads. */
export type BlockData = {
  slot: bigint
  blockhash: string
  /** Unix seconds; null when the node does not know it. */
  blockTime: bigint | null
  transactions: {
    transaction: {
      signatures: string[]
      message: {
        accountKeys: string[]
        header: { numRequiredSignatures: number }
        instructions: { programIdIndex: number }[]
      }
    }
    meta: {
      err: unknown
      fee: bigint
      preBalances: bigint[]
      postBalances: bigint[]
      preTokenBalances?: BlockTokenBalance[] | null
      postTokenBalances?: BlockTokenBalance[] | null
      loadedAddresses?: { writable: string[]; readonly: string[] } | null
    } | null
  }[]
}

export type TransactionRow = {
  signature: string
  slot: string
  position: number
  block_time: string
  fee_payer: string
  failed: boolean
  /** Lamports the fee payer paid beyond what it moved: the network fee and the rent of token accounts it created. */
  fee: string
}

export type AccountTransactionRow = {
  account: string
  slot: string
  position: number
  signature: string
  operation_type: OperationType
  to_address: string
}

export type TransferRow = {
  account: string
  signature: string
  ordinal: number
  kind: 'native' | 'fungible'
  mint: string | null
  from_address: string
  to_address: string
  direction: 'in' | 'out'
  amount: string
  decimals: number
}

export type BlockActivity = {
  transactions: TransactionRow[]
  accounts: AccountTransactionRow[]
  transfers: TransferRow[]
}

/** One account's change in one asset within a transaction. */
type Movement = { account: string; mint: string | null; delta: bigint; decimals: number }

type TransactionMeta = NonNullable<BlockData['transactions'][number]['meta']>

/**
 * The token accounts this transaction created (no lamports before, a token balance after)
 * and the rent they were given, when the fee payer's own SOL went down by at least that
 * much: then it paid their rent, as creating an associated token account does. Another
 * funder's deposit stays a transfer.
 */
function rentPaidByFeePayer(meta: TransactionMeta): { accounts: Set<number>; rent: bigint } {
  const before = new Set((meta.preTokenBalances ?? []).map((balance) => balance.accountIndex))
  const accounts = new Set<number>()
  let rent = 0n
  for (const { accountIndex } of meta.postTokenBalances ?? []) {
    if (before.has(accountIndex) || accounts.has(accountIndex)) continue
    const pre = BigInt(meta.preBalances[accountIndex] ?? 0n)
    const post = BigInt(meta.postBalances[accountIndex] ?? 0n)
    if (pre !== 0n || post <= 0n) continue
    accounts.add(accountIndex)
    rent += post
  }
  const payerSpent = BigInt(meta.preBalances[0] ?? 0n) - BigInt(meta.postBalances[0] ?? 0n) - BigInt(meta.fee)
  return rent > 0n && payerSpent >= rent ? { accounts, rent } : { accounts: new Set(), rent: 0n }
}

function solMovements(
  keys: string[],
  meta: TransactionMeta,
  rent: { accounts: Set<number>; rent: bigint },
): Movement[] {
  const movements: Movement[] = []
  keys.forEach((account, index) => {
    if (rent.accounts.has(index)) return
    const pre = BigInt(meta.preBalances[index] ?? 0n)
    const post = BigInt(meta.postBalances[index] ?? 0n)
    // What the fee payer paid as fee and rent is not a send.
    const delta = post - pre + (index === 0 ? BigInt(meta.fee) + rent.rent : 0n)
    if (delta !== 0n) movements.push({ account, mint: null, delta, decimals: LAMPORT_DECIMALS })
  })
  return movements
}

function tokenMovements(keys: string[], meta: TransactionMeta): Movement[] {
  const byOwnerAndMint = new Map<string, Movement>()
  const add = (balances: BlockTokenBalance[] | null | undefined, sign: 1n | -1n) => {
    for (const balance of balances ?? []) {
      // Nodes before 1.9 leave `owner` out: the token account itself is then the account.
      const account = balance.owner ?? keys[balance.accountIndex] ?? ''
      const key = `${account} ${balance.mint}`
      const movement = byOwnerAndMint.get(key) ?? {
        account,
        mint: balance.mint,
        delta: 0n,
        decimals: balance.uiTokenAmount.decimals,
      }
      movement.delta += sign * BigInt(balance.uiTokenAmount.amount)
      byOwnerAndMint.set(key, movement)
    }
  }
  add(meta.preTokenBalances, -1n)
  add(meta.postTokenBalances, 1n)
  return [...byOwnerAndMint.values()].filter((movement) => movement.delta !== 0n)
}

/** The largest mover of the same asset the other way: who a send went to, who a receive came from. */
function counterpartyOf(movement: Movement, all: Movement[]): string | undefined {
  let best: Movement | undefined
  for (const other of all) {
    if (other.mint !== movement.mint || other.account === movement.account) continue
    if (other.delta > 0n === movement.delta > 0n) continue
    const size = other.delta < 0n ? -other.delta : other.delta
    if (!best || size > (best.delta < 0n ? -best.delta : best.delta)) best = other
  }
  return best?.account
}

function operationOf(transfers: TransferRow[]): OperationType {
  const ins = transfers.filter((transfer) => transfer.direction === 'in')
  const outs = transfers.filter((transfer) => transfer.direction === 'out')
  if (transfers.length === 0) return 'execute'
  if (ins.length > 0 && outs.length > 0) return 'trade'
  // A token that arrives from nobody was minted; one that leaves to nobody was burnt.
  const fromMint = (transfer: TransferRow) =>
    transfer.kind === 'fungible' && transfer.from_address === transfer.mint
  const toMint = (transfer: TransferRow) =>
    transfer.kind === 'fungible' && transfer.to_address === transfer.mint
  if (ins.length > 0) return ins.every(fromMint) ? 'mint' : 'receive'
  return outs.every(toMint) ? 'burn' : 'send'
}

/**
 * The rows one block adds to the index.
 *
 * @example
 * const block = await rpc.getBlock(slot, { encoding: 'json', transactionDetails: 'full', maxSupportedTransactionVersion: 0 }).send()
 * const { transactions, accounts, transfers } = deriveActivity({ ...block, slot })
 */
export function deriveActivity(block: BlockData, indexedAt = new Date()): BlockActivity {
  const activity: BlockActivity = { transactions: [], accounts: [], transfers: [] }
  const blockTime = block.blockTime === null ? indexedAt : new Date(Number(block.blockTime) * 1000)
  block.transactions.forEach(({ transaction, meta }, position) => {
    const signature = transaction.signatures[0]
    if (!meta || !signature) return
    const { message } = transaction
    const keys = [
      ...message.accountKeys,
      ...(meta.loadedAddresses?.writable ?? []),
      ...(meta.loadedAddresses?.readonly ?? []),
    ]
    const feePayer = keys[0] ?? ''
    const signers = new Set(keys.slice(0, message.header.numRequiredSignatures))
    const rent = rentPaidByFeePayer(meta)
    const movements = [...solMovements(keys, meta, rent), ...tokenMovements(keys, meta)]
    const firstProgram = keys[message.instructions[0]?.programIdIndex ?? -1] ?? feePayer

    const perAccount = new Map<string, TransferRow[]>()
    for (const signer of signers) perAccount.set(signer, [])
    for (const movement of movements) {
      const out = movement.delta < 0n
      // Nobody on the other side: the mint (a token minted or burnt) or, for SOL, the account itself.
      const other = counterpartyOf(movement, movements) ?? movement.mint ?? movement.account
      const rows = perAccount.get(movement.account) ?? []
      rows.push({
        account: movement.account,
        signature,
        ordinal: rows.length,
        kind: movement.mint === null ? 'native' : 'fungible',
        mint: movement.mint,
        from_address: out ? movement.account : other,
        to_address: out ? other : movement.account,
        direction: out ? 'out' : 'in',
        amount: (out ? -movement.delta : movement.delta).toString(),
        decimals: movement.decimals,
      })
      perAccount.set(movement.account, rows)
    }
    if (perAccount.size === 0) return

    activity.transactions.push({
      signature,
      slot: block.slot.toString(),
      position,
      block_time: blockTime.toISOString(),
      fee_payer: feePayer,
      failed: meta.err !== null && meta.err !== undefined,
      fee: (BigInt(meta.fee) + rent.rent).toString(),
    })
    for (const [account, transfers] of perAccount) {
      activity.accounts.push({
        account,
        slot: block.slot.toString(),
        position,
        signature,
        operation_type: operationOf(transfers),
        to_address: transfers[0]?.to_address ?? firstProgram,
      })
      activity.transfers.push(...transfers)
    }
  })
  return activity
}

/** What a stored transfer row is as the HistorySource reports it. */
export function toIndexedTransfer(row: TransferRow): IndexedTransfer {
  return {
    kind: row.kind,
    ...(row.mint !== null ? { contract: row.mint } : {}),
    from: row.from_address,
    to: row.to_address,
    direction: row.direction,
    amount: row.amount,
    decimals: row.decimals,
  }
}
