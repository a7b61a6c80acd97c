/**
 * The three instructions a transfer needs, encoded by hand: a System Program transfer,
 * the Associated Token Account program's idempotent create, and the Token program's
 * `TransferChecked`. Their layouts are fixed by the on-chain programs, and writing them
 * here costs a few hundred bytes where the program client packages cost several KB.
 */
import {
  AccountRole,
  type Address,
  address,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Instruction,
} from '@solana/kit'

export const SYSTEM_PROGRAM = address('11111111111111111111111111111111')
export const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
export const TOKEN_2022_PROGRAM = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
export const ASSOCIATED_TOKEN_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')

/** SystemInstruction::Transfer. */
const TRANSFER = 2
/** AssociatedTokenAccountInstruction::CreateIdempotent. */
const CREATE_IDEMPOTENT = 1
/** TokenInstruction::TransferChecked. */
const TRANSFER_CHECKED = 12

/**
 * Moves `lamports` from `from` (signer) to `to`.
 *
 * @example
 * transferSolInstruction({ from, to, lamports: 1_000_000n })
 */
export function transferSolInstruction({
  from,
  to,
  lamports,
}: {
  from: Address
  to: Address
  lamports: bigint
}): Instruction {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, TRANSFER, true)
  view.setBigUint64(4, lamports, true)
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: from, role: AccountRole.WRITABLE_SIGNER },
      { address: to, role: AccountRole.WRITABLE },
    ],
    data,
  }
}

/**
 * The associated token account of `owner` for `mint` under `tokenProgram`.
 *
 * @example
 * const ata = await associatedTokenAddress({ owner, mint, tokenProgram: TOKEN_PROGRAM })
 */
export async function associatedTokenAddress({
  owner,
  mint,
  tokenProgram,
}: {
  owner: Address
  mint: Address
  tokenProgram: Address
}): Promise<Address> {
  const encoder = getAddressEncoder()
  const [ata] = await getProgramDerivedAddress({
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    seeds: [encoder.encode(owner), encoder.encode(tokenProgram), encoder.encode(mint)],
  })
  return ata
}

/** Creates `owner`'s associated token account for `mint`, paid by `payer`; a no-op if it exists. */
export function createAssociatedTokenAccountInstruction(accounts: {
  payer: Address
  associatedToken: Address
  owner: Address
  mint: Address
  tokenProgram: Address
}): Instruction {
  return {
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    accounts: [
      { address: accounts.payer, role: AccountRole.WRITABLE_SIGNER },
      { address: accounts.associatedToken, role: AccountRole.WRITABLE },
      { address: accounts.owner, role: AccountRole.READONLY },
      { address: accounts.mint, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
      { address: accounts.tokenProgram, role: AccountRole.READONLY },
    ],
    data: new Uint8Array([CREATE_IDEMPOTENT]),
  }
}

/** Moves `amount` base units of `mint` between token accounts; `decimals` is checked on chain. */
export function transferCheckedInstruction(parameters: {
  source: Address
  mint: Address
  destination: Address
  owner: Address
  amount: bigint
  decimals: number
  tokenProgram: Address
}): Instruction {
  const data = new Uint8Array(10)
  data[0] = TRANSFER_CHECKED
  new DataView(data.buffer).setBigUint64(1, parameters.amount, true)
  data[9] = parameters.decimals
  return {
    programAddress: parameters.tokenProgram,
    accounts: [
      { address: parameters.source, role: AccountRole.WRITABLE },
      { address: parameters.mint, role: AccountRole.READONLY },
      { address: parameters.destination, role: AccountRole.WRITABLE },
      { address: parameters.owner, role: AccountRole.READONLY_SIGNER },
    ],
    data,
  }
}
