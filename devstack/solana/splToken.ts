/**
 * The SPL Token program's account layouts (mint: 82 bytes, token account: 165 bytes),
 * written by hand: the endpoint seeds accounts directly into litesvm and answers
 * `jsonParsed` requests, and both need only these two fixed layouts.
 */
import {
  type Address,
  address,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  type ReadonlyUint8Array,
} from '@solana/kit'

export const SYSTEM_PROGRAM = address('11111111111111111111111111111111')
export const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
export const ASSOCIATED_TOKEN_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')

export const MINT_SIZE = 82
export const TOKEN_ACCOUNT_SIZE = 165

const addressEncoder = getAddressEncoder()
const addressDecoder = getAddressDecoder()

export type MintState = { mintAuthority: Address | null; supply: bigint; decimals: number }
export type TokenAccountState = { mint: Address; owner: Address; amount: bigint }

/**
 * The bytes of an initialized mint with no freeze authority.
 *
 * @example
 * encodeMint({ mintAuthority: alice, supply: 1_000_000n, decimals: 6 })
 */
export function encodeMint(mint: MintState): Uint8Array {
  const bytes = new Uint8Array(MINT_SIZE)
  const view = new DataView(bytes.buffer)
  if (mint.mintAuthority) {
    view.setUint32(0, 1, true)
    bytes.set(addressEncoder.encode(mint.mintAuthority), 4)
  }
  view.setBigUint64(36, mint.supply, true)
  bytes[44] = mint.decimals
  bytes[45] = 1 // is_initialized
  return bytes
}

/** Reads a mint; undefined for data that is not an initialized mint. */
export function decodeMint(data: ReadonlyUint8Array): MintState | undefined {
  if (data.length !== MINT_SIZE || data[45] !== 1) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  return {
    mintAuthority: view.getUint32(0, true) === 1 ? addressDecoder.decode(data.subarray(4, 36)) : null,
    supply: view.getBigUint64(36, true),
    decimals: data[44] as number,
  }
}

/**
 * The bytes of an initialized, non-native token account with no delegate.
 *
 * @example
 * encodeTokenAccount({ mint, owner: alice, amount: 10_000_000n })
 */
export function encodeTokenAccount(account: TokenAccountState): Uint8Array {
  const bytes = new Uint8Array(TOKEN_ACCOUNT_SIZE)
  bytes.set(addressEncoder.encode(account.mint), 0)
  bytes.set(addressEncoder.encode(account.owner), 32)
  new DataView(bytes.buffer).setBigUint64(64, account.amount, true)
  bytes[108] = 1 // AccountState::Initialized
  return bytes
}

/** Reads a token account; undefined for data that is not an initialized token account. */
export function decodeTokenAccount(data: ReadonlyUint8Array): TokenAccountState | undefined {
  if (data.length !== TOKEN_ACCOUNT_SIZE || data[108] === 0) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  return {
    mint: addressDecoder.decode(data.subarray(0, 32)),
    owner: addressDecoder.decode(data.subarray(32, 64)),
    amount: view.getBigUint64(64, true),
  }
}

/** The associated token account of `owner` for `mint` (classic Token program). */
export async function associatedTokenAddress(owner: Address, mint: Address): Promise<Address> {
  const [ata] = await getProgramDerivedAddress({
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    seeds: [addressEncoder.encode(owner), addressEncoder.encode(TOKEN_PROGRAM), addressEncoder.encode(mint)],
  })
  return ata
}

/** `amount` in whole units as the RPC's `uiAmountString` writes it: no trailing zeros. */
export function toUiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, -decimals)
  const fraction = text.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** The `tokenAmount` object of a jsonParsed token account or getTokenAccountBalance. */
export function tokenAmount(amount: bigint, decimals: number) {
  const uiAmountString = toUiAmountString(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

/**
 * The `jsonParsed` form of an SPL Token account's data, as a real RPC node returns it;
 * undefined for accounts it cannot parse (the caller then falls back to base64).
 */
export function parseTokenProgramAccount(
  data: ReadonlyUint8Array,
  decimalsOf: (mint: Address) => number | undefined,
):
  | { program: 'spl-token'; parsed: { type: string; info: Record<string, unknown> }; space: number }
  | undefined {
  const mint = decodeMint(data)
  if (mint) {
    return {
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: null,
          isInitialized: true,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
        },
      },
      space: MINT_SIZE,
    }
  }
  const account = decodeTokenAccount(data)
  const decimals = account ? decimalsOf(account.mint) : undefined
  if (!account || decimals === undefined) return undefined
  return {
    program: 'spl-token',
    parsed: {
      type: 'account',
      info: {
        isNative: false,
        mint: account.mint,
        owner: account.owner,
        state: 'initialized',
        tokenAmount: tokenAmount(account.amount, decimals),
      },
    },
    space: TOKEN_ACCOUNT_SIZE,
  }
}
