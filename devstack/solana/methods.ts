/**
 * The JSON-RPC methods of the local Solana endpoint: what @solana/kit, @solana/web3.js
 * and wallets call to read balances and send transfers. Each method parses its params
 * with a schema first, so a malformed call gets -32602 with the reason, like a node.
 */
import { type Address, address, getBase58Encoder, isAddress } from '@solana/kit'
import * as z from 'zod/mini'
import { type AccountEncoding, encodeAccount } from './accountEncoding.js'
import { encodeBlock } from './blockEncoding.js'
import { type Dispatch, describeIssues } from './jsonRpc.js'
import { JsonRpcError, rpcErrorCodes } from './jsonRpcError.js'
import type { Ledger } from './ledger.js'
import { decodeMint, decodeTokenAccount, TOKEN_PROGRAM, tokenAmount } from './splToken.js'

/** The version the endpoint claims; kit and web3.js only read `solana-core`. */
export const SOLANA_CORE_VERSION = '2.1.0'
/** A node's epoch length on mainnet. */
const SLOTS_PER_EPOCH = 432_000n
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

const base58 = getBase58Encoder()

const pubkey = z.string().check(z.refine((value) => isAddress(value), 'not a base58 public key'))
const uint = z.number().check(z.int(), z.nonnegative())
const commitment = z.enum(['processed', 'confirmed', 'finalized'])
const encoding = z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed'])
const dataSlice = z.object({ offset: uint, length: uint })

const contextConfig = z.object({ commitment: z.optional(commitment), minContextSlot: z.optional(uint) })
const accountConfig = z.object({
  commitment: z.optional(commitment),
  minContextSlot: z.optional(uint),
  encoding: z.optional(encoding),
  dataSlice: z.optional(dataSlice),
})
const transactionEncoding = z.enum(['base58', 'base64'])

/** The widest slot range getBlocks and getBlocksWithLimit answer, as on a node. */
const MAX_GET_BLOCKS_RANGE = 500_000
/** getBlock and getBlocks refuse `processed`: a node serves only confirmed blocks. */
const blockCommitment = z.object({ commitment: z.optional(commitment) })
const blockConfig = z.object({
  commitment: z.optional(commitment),
  encoding: z.optional(z.enum(['json', 'jsonParsed', 'base58', 'base64'])),
  transactionDetails: z.optional(z.enum(['full', 'accounts', 'signatures', 'none'])),
  maxSupportedTransactionVersion: z.optional(uint),
  rewards: z.optional(z.boolean()),
})

type Context = { ledger: Ledger }
type Method = { params: z.core.$ZodType; handler: (params: never, context: Context) => unknown }

/** Declares a method; the handler receives the parsed params. */
function method<S extends z.core.$ZodType>(
  params: S,
  handler: (params: z.output<S>, context: Context) => unknown,
): Method {
  return { params, handler: handler as Method['handler'] }
}

const withContext = (ledger: Ledger, value: unknown) => ({
  context: { slot: ledger.slot(), apiVersion: SOLANA_CORE_VERSION },
  value,
})

function checkMinContextSlot(ledger: Ledger, config: { minContextSlot?: number } | undefined): void {
  if (config?.minContextSlot !== undefined && BigInt(config.minContextSlot) > ledger.slot()) {
    throw new JsonRpcError(
      rpcErrorCodes.MIN_CONTEXT_SLOT_NOT_REACHED,
      'Minimum context slot has not been reached',
      {
        contextSlot: ledger.slot(),
      },
    )
  }
}

function decimalsOf(ledger: Ledger) {
  return (mint: Address) => {
    const account = ledger.svm.getAccount(mint)
    return account.exists ? decodeMint(account.data)?.decimals : undefined
  }
}

function checkBlockCommitment(config: { commitment?: string } | undefined): void {
  if (config?.commitment === 'processed') {
    throw new JsonRpcError(
      rpcErrorCodes.INVALID_PARAMS,
      'Method does not support commitment below `confirmed`',
    )
  }
}

/** The working slot and anything ahead of it have no block yet; below it every slot has one. */
function blockAt(ledger: Ledger, slot: number) {
  const block = ledger.block(BigInt(slot))
  if (block) return block
  if (BigInt(slot) >= ledger.slot()) {
    throw new JsonRpcError(rpcErrorCodes.BLOCK_NOT_AVAILABLE, `Block not available for slot ${slot}`)
  }
  throw new JsonRpcError(
    rpcErrorCodes.SLOT_SKIPPED,
    `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`,
  )
}

function decodeWire(value: string, encoding: 'base58' | 'base64' = 'base58'): Uint8Array {
  try {
    return encoding === 'base64'
      ? new Uint8Array(Buffer.from(value, 'base64'))
      : new Uint8Array(base58.encode(value))
  } catch {
    throw new JsonRpcError(rpcErrorCodes.INVALID_PARAMS, `invalid ${encoding} encoding`)
  }
}

/** One account as getAccountInfo writes it. */
export function encodeAccountOf(
  ledger: Ledger,
  key: string,
  config?: { encoding?: AccountEncoding; dataSlice?: { offset: number; length: number } },
) {
  return encodeAccount(ledger.svm.getAccount(address(key)), {
    encoding: config?.encoding,
    dataSlice: config?.dataSlice,
    decimalsOf: decimalsOf(ledger),
  })
}

function signatureStatus(ledger: Ledger, signature: string) {
  const status = ledger.status(signature)
  if (!status) return null
  // Every slot is final at once on a one-node chain.
  return {
    slot: status.slot,
    confirmations: null,
    err: status.err,
    status: status.err ? { Err: status.err } : { Ok: null },
    confirmationStatus: 'finalized',
  }
}

/** Every method the endpoint answers; anything else gets -32601. */
export const methods: Record<string, Method> = {
  getHealth: method(z.optional(z.tuple([])), () => 'ok'),

  getVersion: method(z.optional(z.tuple([])), () => ({
    'solana-core': SOLANA_CORE_VERSION,
    'feature-set': 0,
  })),

  getGenesisHash: method(z.optional(z.tuple([])), (_params, { ledger }) => ledger.genesisHash),

  getSlot: method(z.optional(z.tuple([z.optional(contextConfig)])), (params, { ledger }) => {
    checkMinContextSlot(ledger, params?.[0])
    return ledger.slot()
  }),

  getBlockHeight: method(z.optional(z.tuple([z.optional(contextConfig)])), (params, { ledger }) => {
    checkMinContextSlot(ledger, params?.[0])
    return ledger.blockHeight()
  }),

  getEpochInfo: method(z.optional(z.tuple([z.optional(contextConfig)])), (params, { ledger }) => {
    checkMinContextSlot(ledger, params?.[0])
    const slot = ledger.slot()
    return {
      absoluteSlot: slot,
      blockHeight: ledger.blockHeight(),
      epoch: slot / SLOTS_PER_EPOCH,
      slotIndex: slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: null,
    }
  }),

  getLatestBlockhash: method(z.optional(z.tuple([z.optional(contextConfig)])), (params, { ledger }) => {
    checkMinContextSlot(ledger, params?.[0])
    return withContext(ledger, ledger.latestBlockhash())
  }),

  isBlockhashValid: method(
    z.tuple([z.string(), z.optional(contextConfig)]),
    ([blockhash, config], { ledger }) => {
      checkMinContextSlot(ledger, config)
      return withContext(ledger, ledger.isBlockhashValid(blockhash))
    },
  ),

  getBlock: method(
    z.tuple([uint, z.optional(z.union([blockConfig, z.enum(['json', 'jsonParsed', 'base58', 'base64'])]))]),
    ([slot, configOrEncoding], { ledger }) => {
      const config = typeof configOrEncoding === 'string' ? { encoding: configOrEncoding } : configOrEncoding
      checkBlockCommitment(config)
      const block = blockAt(ledger, slot)
      const transactionDetails = config?.transactionDetails ?? 'full'
      const maxVersion = config?.maxSupportedTransactionVersion
      if (transactionDetails !== 'none') {
        for (const { message } of block.transactions) {
          if (message.version !== 'legacy' && (maxVersion === undefined || message.version > maxVersion)) {
            throw new JsonRpcError(
              rpcErrorCodes.UNSUPPORTED_TRANSACTION_VERSION,
              `Transaction version (${message.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${message.version}`,
            )
          }
        }
      }
      return encodeBlock(block, {
        encoding: config?.encoding ?? 'json',
        transactionDetails,
        rewards: config?.rewards ?? true,
        ...(maxVersion !== undefined ? { maxSupportedTransactionVersion: maxVersion } : {}),
      })
    },
  ),

  getBlocks: method(
    z.tuple([uint, z.optional(z.union([uint, blockCommitment])), z.optional(blockCommitment)]),
    ([start, endOrConfig, config], { ledger }) => {
      const end = typeof endOrConfig === 'number' ? endOrConfig : undefined
      checkBlockCommitment(typeof endOrConfig === 'object' ? endOrConfig : config)
      const last = end === undefined ? ledger.slot() : BigInt(end)
      if (last - BigInt(start) > BigInt(MAX_GET_BLOCKS_RANGE)) {
        throw new JsonRpcError(
          rpcErrorCodes.INVALID_PARAMS,
          `Slot range too large; max ${MAX_GET_BLOCKS_RANGE}`,
        )
      }
      return ledger.blockSlots(BigInt(start), last)
    },
  ),

  getBlocksWithLimit: method(
    z.tuple([uint, uint, z.optional(blockCommitment)]),
    ([start, limit, config], { ledger }) => {
      checkBlockCommitment(config)
      if (limit > MAX_GET_BLOCKS_RANGE) {
        throw new JsonRpcError(rpcErrorCodes.INVALID_PARAMS, `Limit too large; max ${MAX_GET_BLOCKS_RANGE}`)
      }
      return ledger.blockSlots(BigInt(start), ledger.slot(), limit)
    },
  ),

  getBlockTime: method(z.tuple([uint]), ([slot], { ledger }) => blockAt(ledger, slot).blockTime),

  getFirstAvailableBlock: method(
    z.optional(z.tuple([])),
    (_params, { ledger }) => ledger.blockSlots(0n, ledger.slot(), 1)[0] ?? ledger.slot(),
  ),

  getBalance: method(z.tuple([pubkey, z.optional(contextConfig)]), ([key, config], { ledger }) => {
    checkMinContextSlot(ledger, config)
    return withContext(ledger, ledger.svm.getBalance(address(key)) ?? 0n)
  }),

  getAccountInfo: method(z.tuple([pubkey, z.optional(accountConfig)]), ([key, config], { ledger }) => {
    checkMinContextSlot(ledger, config)
    return withContext(ledger, encodeAccountOf(ledger, key, config))
  }),

  getMultipleAccounts: method(
    z.tuple([z.array(pubkey).check(z.maxLength(100)), z.optional(accountConfig)]),
    ([keys, config], { ledger }) => {
      checkMinContextSlot(ledger, config)
      return withContext(
        ledger,
        keys.map((key) => encodeAccountOf(ledger, key, config)),
      )
    },
  ),

  getTokenAccountsByOwner: method(
    z.tuple([
      pubkey,
      z.union([z.object({ mint: pubkey }), z.object({ programId: pubkey })]),
      z.optional(accountConfig),
    ]),
    ([owner, filter, config], { ledger }) => {
      checkMinContextSlot(ledger, config)
      if ('mint' in filter) {
        const mint = ledger.svm.getAccount(address(filter.mint))
        if (!mint.exists || !decodeMint(mint.data)) {
          throw new JsonRpcError(rpcErrorCodes.INVALID_PARAMS, 'Invalid param: could not find mint')
        }
      } else if (filter.programId !== TOKEN_PROGRAM && filter.programId !== TOKEN_2022_PROGRAM) {
        throw new JsonRpcError(rpcErrorCodes.INVALID_PARAMS, 'Invalid param: unrecognized Token program id')
      }
      // Only the classic Token program is deployed with fixtures; Token-2022 owns nothing.
      if ('programId' in filter && filter.programId !== TOKEN_PROGRAM) return withContext(ledger, [])
      const accounts = ledger.svm.getProgramAccounts(TOKEN_PROGRAM).filter((account) => {
        const token = decodeTokenAccount(account.data)
        return token?.owner === owner && (!('mint' in filter) || token.mint === filter.mint)
      })
      return withContext(
        ledger,
        accounts.map((account) => ({
          pubkey: account.address,
          account: encodeAccount(account, {
            encoding: config?.encoding,
            dataSlice: config?.dataSlice,
            decimalsOf: decimalsOf(ledger),
          }),
        })),
      )
    },
  ),

  getTokenAccountBalance: method(
    z.tuple([pubkey, z.optional(contextConfig)]),
    ([key, config], { ledger }) => {
      checkMinContextSlot(ledger, config)
      const account = ledger.svm.getAccount(address(key))
      const token =
        account.exists && account.programAddress === TOKEN_PROGRAM
          ? decodeTokenAccount(account.data)
          : undefined
      const decimals = token ? decimalsOf(ledger)(token.mint) : undefined
      if (!token || decimals === undefined) {
        throw new JsonRpcError(rpcErrorCodes.INVALID_PARAMS, 'Invalid param: not a Token account')
      }
      return withContext(ledger, tokenAmount(token.amount, decimals))
    },
  ),

  getMinimumBalanceForRentExemption: method(
    z.tuple([uint, z.optional(z.object({ commitment: z.optional(commitment) }))]),
    ([size], { ledger }) => ledger.svm.minimumBalanceForRentExemption(BigInt(size)),
  ),

  getFeeForMessage: method(
    z.tuple([z.string(), z.optional(contextConfig)]),
    ([message, config], { ledger }) => {
      checkMinContextSlot(ledger, config)
      const fee = ledger.feeForMessage(decodeWire(message, 'base64'))
      if (fee === undefined)
        throw new JsonRpcError(rpcErrorCodes.INVALID_PARAMS, 'invalid transaction message')
      return withContext(ledger, fee)
    },
  ),

  getSignatureStatuses: method(
    z.tuple([
      z.array(z.string()).check(z.maxLength(256)),
      z.optional(z.object({ searchTransactionHistory: z.optional(z.boolean()) })),
    ]),
    ([signatures], { ledger }) =>
      withContext(
        ledger,
        signatures.map((signature) => signatureStatus(ledger, signature)),
      ),
  ),

  requestAirdrop: method(
    z.tuple([pubkey, uint.check(z.positive()), z.optional(z.object({ commitment: z.optional(commitment) }))]),
    ([key, amount], { ledger }) => ledger.airdrop(address(key), BigInt(amount)),
  ),

  sendTransaction: method(
    z.tuple([
      z.string(),
      z.optional(
        z.object({
          encoding: z.optional(transactionEncoding),
          skipPreflight: z.optional(z.boolean()),
          preflightCommitment: z.optional(commitment),
          maxRetries: z.optional(uint),
          minContextSlot: z.optional(uint),
        }),
      ),
    ]),
    ([wire, config], { ledger }) => {
      checkMinContextSlot(ledger, config)
      const transaction = ledger.decodeTransaction(decodeWire(wire, config?.encoding))
      return ledger.send(transaction, { skipPreflight: config?.skipPreflight })
    },
  ),

  simulateTransaction: method(
    z.tuple([
      z.string(),
      z.optional(
        z.object({
          encoding: z.optional(transactionEncoding),
          sigVerify: z.optional(z.boolean()),
          replaceRecentBlockhash: z.optional(z.boolean()),
          commitment: z.optional(commitment),
          minContextSlot: z.optional(uint),
          innerInstructions: z.optional(z.boolean()),
          accounts: z.optional(z.object({ addresses: z.array(pubkey), encoding: z.optional(encoding) })),
        }),
      ),
    ]),
    ([wire, config], { ledger }) => {
      checkMinContextSlot(ledger, config)
      if (config?.sigVerify && config.replaceRecentBlockhash) {
        throw new JsonRpcError(
          rpcErrorCodes.INVALID_PARAMS,
          'sigVerify may not be used with replaceRecentBlockhash',
        )
      }
      const transaction = ledger.decodeTransaction(decodeWire(wire, config?.encoding))
      // The ledger ignores litesvm's blockhash check, so replacing it changes nothing
      // but the answer, which reports the blockhash it would have used.
      const result = ledger.simulate(transaction, { sigVerify: config?.sigVerify ?? false })
      return withContext(ledger, {
        err: result.err,
        logs: result.logs,
        accounts: config?.accounts
          ? config.accounts.addresses.map((key) =>
              encodeAccountOf(ledger, key, { encoding: config.accounts?.encoding }),
            )
          : null,
        unitsConsumed: result.unitsConsumed,
        returnData: null,
        innerInstructions: null,
        ...(config?.replaceRecentBlockhash ? { replacementBlockhash: ledger.latestBlockhash() } : {}),
      })
    },
  ),
}

/**
 * Dispatches one HTTP call to its method: -32601 for an unknown method, -32602 when the
 * params do not fit the method's schema.
 *
 * @example
 * handleJsonRpc(body, createMethodDispatch(ledger))
 */
export function createMethodDispatch(ledger: Ledger): Dispatch {
  return (call) => {
    const entry = Object.hasOwn(methods, call.method) ? methods[call.method] : undefined
    if (!entry) throw new JsonRpcError(rpcErrorCodes.METHOD_NOT_FOUND, 'Method not found')
    const parsed = z.safeParse(entry.params, call.params)
    if (!parsed.success) {
      throw new JsonRpcError(rpcErrorCodes.INVALID_PARAMS, `Invalid params: ${describeIssues(parsed.error)}`)
    }
    return entry.handler(parsed.data as never, { ledger })
  }
}
