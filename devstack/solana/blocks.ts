/**
 * What the ledger keeps of each landed transaction so that getBlock can answer the way a
 * node does: the block around it (slot, parent, hashes, time) and the balances of every
 * account the transaction loaded, before and after, in lamports and in SPL tokens. An
 * indexer reads history from these snapshots, so they are taken from litesvm itself
 * around the execution, never recomputed from the instructions.
 */
import {
  type Address,
  type CompiledTransactionMessage,
  getAddressDecoder,
  getCompiledTransactionMessageDecoder,
  type Transaction,
} from '@solana/kit'
import type { LiteSVM } from 'litesvm'
import { decodeMint, decodeTokenAccount, TOKEN_PROGRAM } from './splToken.js'
import type { RpcTransactionError } from './transactionError.js'

/** One token account's balance as `meta.preTokenBalances` lists it, before the JSON shape. */
export type TokenBalance = {
  accountIndex: number
  mint: Address
  owner: Address
  programId: Address
  amount: bigint
  decimals: number
}

/** A transaction as it landed, with what getBlock's `meta` reports of it. */
export type RecordedTransaction = {
  transaction: Transaction
  message: CompiledTransactionMessage
  /** The accounts a v0 message loaded from address lookup tables, in the order the runtime appends them. */
  loadedAddresses: { writable: Address[]; readonly: Address[] }
  err: RpcTransactionError | null
  logs: string[]
  fee: bigint
  unitsConsumed: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
}

/** One produced slot. The ledger makes one per landed transaction. */
export type RecordedBlock = {
  slot: bigint
  parentSlot: bigint
  blockhash: string
  previousBlockhash: string
  /** Unix seconds, when the slot was produced. */
  blockTime: bigint
  blockHeight: bigint
  transactions: RecordedTransaction[]
}

const messageDecoder = getCompiledTransactionMessageDecoder()
const addressDecoder = getAddressDecoder()

/** An address lookup table's header; the addresses follow, 32 bytes each. */
const LOOKUP_TABLE_META_SIZE = 56

/** Decodes a transaction's message (the ledger has already checked that it decodes). */
export function messageOf(transaction: Transaction): CompiledTransactionMessage {
  return messageDecoder.decode(transaction.messageBytes)
}

/**
 * The addresses a v0 message loads from lookup tables, read from the tables' accounts as
 * the runtime does; empty for a legacy message or a table that is missing.
 *
 * @example
 * const { writable, readonly } = loadedAddressesOf(svm, messageOf(transaction))
 */
export function loadedAddressesOf(
  svm: LiteSVM,
  message: CompiledTransactionMessage,
): RecordedTransaction['loadedAddresses'] {
  const writable: Address[] = []
  const readonly: Address[] = []
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : []
  for (const lookup of lookups) {
    const table = svm.getAccount(lookup.lookupTableAddress)
    if (!table.exists) continue
    const at = (index: number) => {
      const start = LOOKUP_TABLE_META_SIZE + index * 32
      return addressDecoder.decode(table.data.subarray(start, start + 32))
    }
    writable.push(...lookup.writableIndexes.map(at))
    readonly.push(...lookup.readonlyIndexes.map(at))
  }
  return { writable, readonly }
}

/** Every account the transaction loaded, in the order `preBalances` follows. */
export function accountKeysOf(
  message: CompiledTransactionMessage,
  loaded: RecordedTransaction['loadedAddresses'],
): Address[] {
  return [...message.staticAccounts, ...loaded.writable, ...loaded.readonly]
}

/**
 * The lamports of each key and the SPL token accounts among them, at this moment.
 *
 * @example
 * const before = balancesOf(svm, keys)
 * svm.sendTransaction(transaction)
 * const after = balancesOf(svm, keys)
 */
export function balancesOf(
  svm: LiteSVM,
  keys: readonly Address[],
): { lamports: bigint[]; tokens: TokenBalance[] } {
  const lamports: bigint[] = []
  const tokens: TokenBalance[] = []
  keys.forEach((key, accountIndex) => {
    const account = svm.getAccount(key)
    lamports.push(account.exists ? account.lamports : 0n)
    if (!account.exists || account.programAddress !== TOKEN_PROGRAM) return
    const token = decodeTokenAccount(account.data)
    if (!token) return
    const mint = svm.getAccount(token.mint)
    const decimals = mint.exists ? decodeMint(mint.data)?.decimals : undefined
    if (decimals === undefined) return
    tokens.push({
      accountIndex,
      mint: token.mint,
      owner: token.owner,
      programId: TOKEN_PROGRAM,
      amount: token.amount,
      decimals,
    })
  })
  return { lamports, tokens }
}
