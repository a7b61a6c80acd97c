/**
 * The chain behind the local Solana endpoint: a litesvm instance plus what a validator
 * keeps around it and litesvm does not: a window of recent blockhashes, a slot that moves
 * when a transaction lands, signature statuses, and a feed of those events for the
 * WebSocket subscriptions.
 *
 * litesvm accepts only its single latest blockhash. A real cluster accepts any of the
 * last 150, so a wallet can build a transaction, wait for the user, then send it while
 * other transactions land. The ledger therefore turns litesvm's own check off and checks
 * the window itself.
 *
 * Each landed transaction is also kept as a block of its slot, with the balances before and
 * after it (see blocks.ts), so getBlock can answer and an indexer can follow the chain.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { sha256 } from '@noble/hashes/sha2'
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
} from '@solana/kit'
import { LiteSVM, type TransactionMetadata } from 'litesvm'
import {
  accountKeysOf,
  balancesOf,
  loadedAddressesOf,
  messageOf,
  type RecordedBlock,
  type RecordedTransaction,
} from './blocks.js'
import { JsonRpcError, rpcErrorCodes } from './jsonRpcError.js'
import { SYSTEM_PROGRAM } from './splToken.js'
import { isFailed, type RpcTransactionError, toRpcTransactionError } from './transactionError.js'

/** How many block heights a blockhash stays valid, as on mainnet. */
export const BLOCKHASH_VALIDITY = 150n
/** The fee litesvm charges per signature. */
export const LAMPORTS_PER_SIGNATURE = 5000n

export type SignatureStatus = { slot: bigint; err: RpcTransactionError | null; logs: string[] }

export type SimulationResult = {
  err: RpcTransactionError | null
  logs: string[]
  unitsConsumed: bigint
}

export type LedgerEvent =
  | { type: 'slot'; slot: bigint; parent: bigint }
  | { type: 'signature'; signature: string; status: SignatureStatus }

export type Ledger = {
  readonly genesisHash: string
  readonly svm: LiteSVM
  slot(): bigint
  /** One block per slot here, so the block height is the slot. */
  blockHeight(): bigint
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint }
  isBlockhashValid(blockhash: string): boolean
  /** Decodes wire bytes; throws -32602 for bytes that are not a transaction. */
  decodeTransaction(wire: Uint8Array): Transaction
  simulate(transaction: Transaction, options?: { sigVerify?: boolean }): SimulationResult
  /** Runs a transaction (preflight first unless skipped) and returns its signature. */
  send(transaction: Transaction, options?: { skipPreflight?: boolean }): string
  airdrop(to: Address, amount: bigint): string
  status(signature: string): SignatureStatus | undefined
  /**
   * 5000 lamports per required signature; null, as from a node, when the message's
   * blockhash has expired; undefined when the bytes are not a message.
   */
  feeForMessage(message: Uint8Array): bigint | null | undefined
  subscribe(listener: (event: LedgerEvent) => void): () => void
  /** The block produced in `slot`; undefined for the working slot and any slot ahead of it. */
  block(slot: bigint): RecordedBlock | undefined
  /** The slots in [start, end] that hold a block, ascending, at most `limit` of them. */
  blockSlots(start: bigint, end: bigint, limit?: number): bigint[]
}

/**
 * Where airdrops come from. litesvm's own airdrop signs with a random key it does not
 * reveal, so an airdrop would land in a block from an unknown sender; this faucet is a
 * fixed key of ours, and an airdrop is an ordinary System transfer from it.
 */
const FAUCET_SEED = sha256(new TextEncoder().encode('latchkit solana fixture: faucet'))
const FAUCET = address(getBase58Decoder().decode(ed25519.getPublicKey(FAUCET_SEED)))
/** A billion SOL: more than any test airdrops, well inside a u64. */
const FAUCET_LAMPORTS = 10n ** 18n

const base58 = getBase58Decoder()
const transactionDecoder = getTransactionDecoder()
const messageDecoder = getCompiledTransactionMessageDecoder()

/** The signature that names a transaction: the fee payer's, the first one. */
function signatureOf(transaction: Transaction): string | undefined {
  const first = Object.values(transaction.signatures)[0]
  return first ? base58.decode(first) : undefined
}

function simulationFailed(message: string, result: SimulationResult): JsonRpcError {
  return new JsonRpcError(
    rpcErrorCodes.SEND_TRANSACTION_PREFLIGHT_FAILURE,
    `Transaction simulation failed: ${message}`,
    {
      err: result.err,
      logs: result.logs,
      accounts: null,
      unitsConsumed: result.unitsConsumed,
      returnData: null,
    },
  )
}

function describe(err: RpcTransactionError): string {
  return typeof err === 'string' ? err : JSON.stringify(err)
}

/**
 * A fresh ledger. `genesisHash` is reported as is; nothing in litesvm depends on it.
 *
 * @example
 * const ledger = createLedger({ genesisHash: SOLANA_LOCAL_GENESIS_HASH })
 * ledger.airdrop(address, 10n ** 9n)
 */
export function createLedger({ genesisHash }: { genesisHash: string }): Ledger {
  const svm = new LiteSVM().withBlockhashCheck(false)
  /** blockhash -> last block height at which it is still valid. */
  const recentBlockhashes = new Map<string, bigint>()
  const statuses = new Map<string, SignatureStatus>()
  const listeners = new Set<(event: LedgerEvent) => void>()
  /** Produced blocks, ascending by slot, and the same by slot. */
  const blockList: RecordedBlock[] = []
  const blocksBySlot = new Map<bigint, RecordedBlock>()
  let latest = svm.latestBlockhash() as string
  svm.setAccount({
    address: FAUCET,
    lamports: lamports(FAUCET_LAMPORTS),
    data: new Uint8Array(),
    programAddress: SYSTEM_PROGRAM,
    executable: false,
    space: 0n,
  })

  const slot = () => svm.getClock().slot
  recentBlockhashes.set(latest, slot() + BLOCKHASH_VALIDITY)

  const emit = (event: LedgerEvent) => {
    for (const listener of listeners) {
      try {
        listener(event)
      } catch {
        // A broken subscriber must not stop the chain.
      }
    }
  }

  /** Records a landed transaction and its block, then moves to the next slot with a new blockhash. */
  const commit = (signature: string, recorded: RecordedTransaction) => {
    const { err, logs } = recorded
    const landed = slot()
    const status = { slot: landed, err, logs }
    statuses.set(signature, status)
    const previousBlockhash = latest
    svm.warpToSlot(landed + 1n)
    svm.expireBlockhash()
    latest = svm.latestBlockhash() as string
    const block: RecordedBlock = {
      slot: landed,
      parentSlot: blockList.at(-1)?.slot ?? (landed > 0n ? landed - 1n : 0n),
      // The hash that ends the slot is the one the next slot's transactions name.
      blockhash: latest,
      previousBlockhash,
      blockTime: BigInt(Math.floor(Date.now() / 1000)),
      blockHeight: landed,
      transactions: [recorded],
    }
    blockList.push(block)
    blocksBySlot.set(landed, block)
    const height = landed + 1n
    recentBlockhashes.set(latest, height + BLOCKHASH_VALIDITY)
    for (const [hash, lastValid] of recentBlockhashes) {
      if (lastValid < height) recentBlockhashes.delete(hash)
    }
    emit({ type: 'signature', signature, status })
    emit({ type: 'slot', slot: height, parent: landed })
  }

  const simulate: Ledger['simulate'] = (transaction, { sigVerify = true } = {}) => {
    // litesvm refuses unsigned transactions outright when it verifies signatures;
    // simulations without sigVerify (fee and compute estimates) may be unsigned.
    svm.withSigverify(sigVerify)
    try {
      const result = svm.simulateTransaction(transaction)
      if (isFailed(result)) {
        const meta = result.meta()
        return {
          err: toRpcTransactionError(result),
          logs: meta.logs(),
          unitsConsumed: meta.computeUnitsConsumed(),
        }
      }
      const meta = result.meta()
      return { err: null, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() }
    } catch (error) {
      // kit's assertIsFullySignedTransaction, inside litesvm, throws for missing signatures.
      return { err: 'SignatureFailure', logs: [String((error as Error).message ?? error)], unitsConsumed: 0n }
    } finally {
      svm.withSigverify(true)
    }
  }

  const blockhashOf = (transaction: Transaction): string =>
    messageDecoder.decode(transaction.messageBytes).lifetimeToken

  const ledger: Ledger = {
    genesisHash,
    svm,
    slot,
    blockHeight: slot,
    latestBlockhash: () => ({ blockhash: latest, lastValidBlockHeight: slot() + BLOCKHASH_VALIDITY }),
    isBlockhashValid: (blockhash) => {
      const lastValid = recentBlockhashes.get(blockhash)
      return lastValid !== undefined && lastValid >= slot()
    },

    decodeTransaction(wire) {
      try {
        const transaction = transactionDecoder.decode(wire)
        blockhashOf(transaction)
        return transaction
      } catch (error) {
        throw new JsonRpcError(
          rpcErrorCodes.INVALID_PARAMS,
          `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${(error as Error).message}`,
        )
      }
    },

    simulate,

    send(transaction, { skipPreflight = false } = {}) {
      const signature = signatureOf(transaction)
      if (!signature) throw new JsonRpcError(rpcErrorCodes.INVALID_PARAMS, 'transaction has no signatures')
      const preflight = (err: RpcTransactionError, logs: string[] = []) => {
        throw simulationFailed(describe(err), { err, logs, unitsConsumed: 0n })
      }
      if (statuses.has(signature)) {
        if (!skipPreflight) preflight('AlreadyProcessed')
        return signature
      }
      const lastValid = recentBlockhashes.get(blockhashOf(transaction))
      if (lastValid === undefined || lastValid < slot()) {
        if (!skipPreflight) preflight('BlockhashNotFound')
        // Like a validator: the transaction is dropped and its signature never lands.
        return signature
      }
      if (!skipPreflight) {
        const simulation = simulate(transaction)
        if (simulation.err) throw simulationFailed(describe(simulation.err), simulation)
      }
      const message = messageOf(transaction)
      const loadedAddresses = loadedAddressesOf(svm, message)
      const keys = accountKeysOf(message, loadedAddresses)
      const before = balancesOf(svm, keys)
      let result: ReturnType<LiteSVM['sendTransaction']>
      try {
        result = svm.sendTransaction(transaction)
      } catch (error) {
        throw new JsonRpcError(
          rpcErrorCodes.SIGNATURE_VERIFICATION_FAILURE,
          `Transaction signature verification failure: ${(error as Error).message}`,
        )
      }
      const after = balancesOf(svm, keys)
      const failure = isFailed(result) ? result : undefined
      const meta = failure ? failure.meta() : (result as TransactionMetadata)
      commit(signature, {
        transaction,
        message,
        loadedAddresses,
        err: failure ? toRpcTransactionError(failure) : null,
        logs: meta.logs(),
        fee: BigInt(message.header.numSignerAccounts) * LAMPORTS_PER_SIGNATURE,
        unitsConsumed: meta.computeUnitsConsumed(),
        preBalances: before.lamports,
        postBalances: after.lamports,
        preTokenBalances: before.tokens,
        postTokenBalances: after.tokens,
      })
      return signature
    },

    airdrop(to, amount) {
      const data = new Uint8Array(12)
      const view = new DataView(data.buffer)
      view.setUint32(0, 2, true) // SystemInstruction::Transfer
      view.setBigUint64(4, amount, true)
      const message = pipe(
        createTransactionMessage({ version: 'legacy' }),
        (m) => setTransactionMessageFeePayer(FAUCET, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: latest as never, lastValidBlockHeight: slot() + BLOCKHASH_VALIDITY },
            m,
          ),
        (m) =>
          appendTransactionMessageInstruction(
            {
              programAddress: SYSTEM_PROGRAM,
              data,
              accounts: [
                { address: FAUCET, role: AccountRole.WRITABLE_SIGNER },
                { address: to, role: AccountRole.WRITABLE },
              ],
            },
            m,
          ),
      )
      const unsigned = compileTransaction(message)
      const signed: Transaction = {
        ...unsigned,
        signatures: {
          [FAUCET]: ed25519.sign(new Uint8Array(unsigned.messageBytes), FAUCET_SEED) as SignatureBytes,
        },
      }
      const signature = ledger.send(signed, { skipPreflight: true })
      const err = statuses.get(signature)?.err
      if (err) throw new JsonRpcError(rpcErrorCodes.INTERNAL_ERROR, `airdrop failed: ${describe(err)}`)
      return signature
    },

    status: (signature) => statuses.get(signature),

    feeForMessage(message) {
      try {
        const decoded = messageDecoder.decode(message)
        const lastValid = recentBlockhashes.get(decoded.lifetimeToken)
        if (lastValid === undefined || lastValid < slot()) return null
        return BigInt(decoded.header.numSignerAccounts) * LAMPORTS_PER_SIGNATURE
      } catch {
        return undefined
      }
    },

    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    block: (at) => blocksBySlot.get(at),

    blockSlots(start, end, limit = Number.POSITIVE_INFINITY) {
      const slots: bigint[] = []
      for (const block of blockList) {
        if (slots.length >= limit || block.slot > end) break
        if (block.slot >= start) slots.push(block.slot)
      }
      return slots
    },
  }
  return ledger
}
