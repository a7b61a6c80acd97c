/**
 * A recorded block in the JSON shapes of a node's getBlock: `json` (compiled message,
 * account indexes), `jsonParsed` (account keys as objects; instructions partially decoded,
 * as a node writes a program it has no parser for), `base64`/`base58` (the wire bytes),
 * and the four levels of `transactionDetails`. u64 values stay bigints; json.ts writes them
 * as bare numbers like a node.
 */
import {
  type Address,
  type CompiledTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
} from '@solana/kit'
import { accountKeysOf, type RecordedBlock, type RecordedTransaction, type TokenBalance } from './blocks.js'
import { tokenAmount } from './splToken.js'

export type BlockEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64'
export type TransactionDetails = 'full' | 'accounts' | 'signatures' | 'none'

export type EncodeBlockOptions = {
  encoding: BlockEncoding
  transactionDetails: TransactionDetails
  rewards: boolean
  /** Absent: the caller reads legacy transactions only, and no `version` field is written. */
  maxSupportedTransactionVersion?: number
}

const base58 = getBase58Decoder()
const base64 = getBase64Decoder()
const transactionEncoder = getTransactionEncoder()
/** What a node writes for a signature slot that holds none. */
const EMPTY_SIGNATURE = '1'.repeat(64)

function signaturesOf(recorded: RecordedTransaction): string[] {
  return Object.values(recorded.transaction.signatures).map((bytes) =>
    bytes ? base58.decode(bytes) : EMPTY_SIGNATURE,
  )
}

function tokenBalanceJson(balance: TokenBalance) {
  return {
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    uiTokenAmount: tokenAmount(balance.amount, balance.decimals),
  }
}

/** `{ pubkey, signer, writable, source }` for each loaded account, as jsonParsed lists them. */
function parsedAccountKeys(recorded: RecordedTransaction) {
  const { header, staticAccounts } = recorded.message
  const signers = header.numSignerAccounts
  const writableSigners = signers - header.numReadonlySignerAccounts
  const writableNonSigners = staticAccounts.length - header.numReadonlyNonSignerAccounts
  const fromTransaction = staticAccounts.map((pubkey, index) => ({
    pubkey,
    signer: index < signers,
    writable: index < signers ? index < writableSigners : index < writableNonSigners,
    source: 'transaction',
  }))
  const fromTable = (keys: Address[], writable: boolean) =>
    keys.map((pubkey) => ({ pubkey, signer: false, writable, source: 'lookupTable' }))
  return [
    ...fromTransaction,
    ...fromTable(recorded.loadedAddresses.writable, true),
    ...fromTable(recorded.loadedAddresses.readonly, false),
  ]
}

function lookupsJson(message: CompiledTransactionMessage) {
  if (message.version === 'legacy' || !('addressTableLookups' in message)) return {}
  return {
    addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
      accountKey: lookup.lookupTableAddress,
      writableIndexes: lookup.writableIndexes,
      readonlyIndexes: lookup.readonlyIndexes,
    })),
  }
}

function messageJson(recorded: RecordedTransaction, parsed: boolean) {
  const { message } = recorded
  const keys = accountKeysOf(message, recorded.loadedAddresses)
  // Version 1 messages lay instructions out differently; litesvm runs legacy and v0 only.
  const compiled = 'instructions' in message ? message.instructions : []
  const instructions = compiled.map((instruction) => {
    const data = base58.decode(instruction.data ?? new Uint8Array())
    const accounts = instruction.accountIndices ?? []
    return parsed
      ? {
          programId: keys[instruction.programAddressIndex],
          accounts: accounts.map((index) => keys[index]),
          data,
          stackHeight: null,
        }
      : { programIdIndex: instruction.programAddressIndex, accounts, data, stackHeight: null }
  })
  return {
    accountKeys: parsed ? parsedAccountKeys(recorded) : message.staticAccounts,
    ...(parsed
      ? {}
      : {
          header: {
            numRequiredSignatures: message.header.numSignerAccounts,
            numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
            numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
          },
        }),
    recentBlockhash: (message as { lifetimeToken?: string }).lifetimeToken,
    instructions,
    ...lookupsJson(message),
  }
}

function metaJson(recorded: RecordedTransaction, details: 'full' | 'accounts') {
  const balances = {
    err: recorded.err,
    status: recorded.err ? { Err: recorded.err } : { Ok: null },
    fee: recorded.fee,
    preBalances: recorded.preBalances,
    postBalances: recorded.postBalances,
    preTokenBalances: recorded.preTokenBalances.map(tokenBalanceJson),
    postTokenBalances: recorded.postTokenBalances.map(tokenBalanceJson),
  }
  if (details === 'accounts') return balances
  return {
    ...balances,
    innerInstructions: [],
    logMessages: recorded.logs,
    rewards: [],
    loadedAddresses: recorded.loadedAddresses,
    computeUnitsConsumed: recorded.unitsConsumed,
  }
}

function transactionJson(recorded: RecordedTransaction, options: EncodeBlockOptions) {
  const versioned =
    options.maxSupportedTransactionVersion === undefined
      ? {}
      : { version: recorded.message.version === 'legacy' ? 'legacy' : recorded.message.version }
  if (options.transactionDetails === 'accounts') {
    return {
      transaction: { signatures: signaturesOf(recorded), accountKeys: parsedAccountKeys(recorded) },
      meta: metaJson(recorded, 'accounts'),
      ...versioned,
    }
  }
  let transaction: unknown
  if (options.encoding === 'base64' || options.encoding === 'base58') {
    const wire = transactionEncoder.encode(recorded.transaction)
    transaction = [
      options.encoding === 'base64' ? base64.decode(wire) : base58.decode(wire),
      options.encoding,
    ]
  } else {
    transaction = {
      signatures: signaturesOf(recorded),
      message: messageJson(recorded, options.encoding === 'jsonParsed'),
    }
  }
  return { transaction, meta: metaJson(recorded, 'full'), ...versioned }
}

/**
 * The result of getBlock for `block`. The caller checks transaction versions first.
 *
 * @example
 * encodeBlock(ledger.block(3n)!, { encoding: 'json', transactionDetails: 'full', rewards: false, maxSupportedTransactionVersion: 0 })
 */
export function encodeBlock(block: RecordedBlock, options: EncodeBlockOptions) {
  const head = {
    blockHeight: block.blockHeight,
    blockTime: block.blockTime,
    blockhash: block.blockhash,
    parentSlot: block.parentSlot,
    previousBlockhash: block.previousBlockhash,
    ...(options.rewards ? { rewards: [] } : {}),
  }
  switch (options.transactionDetails) {
    case 'none':
      return head
    case 'signatures':
      return { ...head, signatures: block.transactions.map((recorded) => signaturesOf(recorded)[0]) }
    default:
      return {
        ...head,
        transactions: block.transactions.map((recorded) => transactionJson(recorded, options)),
      }
  }
}
