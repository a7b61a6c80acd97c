/**
 * Accounts in the shapes a Solana node returns them: `base64`, `base58`, the legacy bare
 * base58 string, and `jsonParsed` for SPL Token accounts (other accounts fall back to
 * base64, as a node does for programs it cannot parse).
 */
import {
  type Address,
  type EncodedAccount,
  getBase58Decoder,
  type MaybeEncodedAccount,
  type ReadonlyUint8Array,
} from '@solana/kit'
import { JsonRpcError, rpcErrorCodes } from './jsonRpcError.js'
import { parseTokenProgramAccount, TOKEN_PROGRAM } from './splToken.js'

export type AccountEncoding = 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed'
export type DataSlice = { offset: number; length: number }

/** A node refuses base58 for data over this many bytes; so does this endpoint. */
const BASE58_MAX_BYTES = 128
/** What a rent-exempt account reports as its rent epoch (u64::MAX). */
const RENT_EXEMPT_EPOCH = 18446744073709551615n

const base58 = getBase58Decoder()

function encodeData(
  data: ReadonlyUint8Array,
  encoding: AccountEncoding | undefined,
  slice: DataSlice | undefined,
) {
  const bytes = slice ? data.subarray(slice.offset, slice.offset + slice.length) : data
  if (encoding === 'base64+zstd') {
    throw new JsonRpcError(rpcErrorCodes.INVALID_PARAMS, 'Invalid param: base64+zstd is not supported here')
  }
  if (encoding === undefined || encoding === 'base58') {
    if (bytes.length > BASE58_MAX_BYTES) {
      throw new JsonRpcError(
        rpcErrorCodes.INVALID_PARAMS,
        `Encoded binary (base 58) data should be less than ${BASE58_MAX_BYTES} bytes, please use Base64 encoding.`,
      )
    }
    // No encoding asked for: the legacy form, a bare base58 string.
    return encoding === undefined ? base58.decode(bytes) : [base58.decode(bytes), 'base58']
  }
  return [Buffer.from(bytes).toString('base64'), 'base64']
}

/**
 * One account as the RPC writes it, or null when it does not exist.
 *
 * @example
 * encodeAccount(svm.getAccount(address), { encoding: 'base64', decimalsOf })
 */
export function encodeAccount(
  account: MaybeEncodedAccount | EncodedAccount,
  options: {
    encoding?: AccountEncoding
    dataSlice?: DataSlice
    decimalsOf: (mint: Address) => number | undefined
  },
) {
  if ('exists' in account && !account.exists) return null
  let data: unknown
  if (options.encoding === 'jsonParsed') {
    const parsed =
      account.programAddress === TOKEN_PROGRAM
        ? parseTokenProgramAccount(account.data, options.decimalsOf)
        : undefined
    data = parsed ?? encodeData(account.data, 'base64', options.dataSlice)
  } else {
    data = encodeData(account.data, options.encoding, options.dataSlice)
  }
  return {
    data,
    executable: account.executable,
    lamports: account.lamports as bigint,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(account.data.length),
  }
}
