/**
 * Builds the unsigned transfer transaction the wallet signs: SOL with a System Program
 * transfer, an SPL token with `TransferChecked` between associated token accounts, after
 * creating the receiver's account when it has none yet.
 */
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { ValidationError } from 'latchkit'
import { messages } from 'latchkit/internal'
import {
  associatedTokenAddress,
  createAssociatedTokenAccountInstruction,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  transferCheckedInstruction,
  transferSolInstruction,
} from './instructions'
import type { SolanaRpc } from './rpc'
import { callRpc } from './rpcError'
import type { TransactionVersion } from './walletStandard'

export interface TransferTransactionParameters {
  from: string
  to: string
  /** Amount in base units (lamports, or the token's smallest unit). */
  value: bigint
  /** SPL mint; absent for SOL. */
  tokenAddress?: string
  /** 0 (versioned) unless the wallet signs only legacy transactions. */
  version?: TransactionVersion
  commitment?: 'processed' | 'confirmed' | 'finalized'
  minContextSlot?: number
}

/** Offset of `decimals` in a mint account (the same for Token and Token-2022). */
const MINT_DECIMALS_OFFSET = 44
const MINT_SIZE = 82

function invalid(details: string): ValidationError {
  return new ValidationError(messages.VALIDATION_FAILED, { code: 'VALIDATION_FAILED', details })
}

async function tokenTransferInstructions(
  rpc: SolanaRpc,
  {
    from,
    to,
    mint,
    amount,
    commitment,
  }: {
    from: Address
    to: Address
    mint: Address
    amount: bigint
    commitment?: TransferTransactionParameters['commitment']
  },
): Promise<{ instructions: Instruction[]; createsTokenAccount: boolean }> {
  const mintAccount = (
    await callRpc(() => rpc.getAccountInfo(mint, { encoding: 'base64', commitment }).send())
  ).value
  const tokenProgram = mintAccount?.owner
  if (!mintAccount || (tokenProgram !== TOKEN_PROGRAM && tokenProgram !== TOKEN_2022_PROGRAM)) {
    throw invalid(`${mint} is not an SPL token mint`)
  }
  const mintData = Uint8Array.from(atob(mintAccount.data[0]), (c) => c.charCodeAt(0))
  if (mintData.length < MINT_SIZE) throw invalid(`${mint} is not an SPL token mint`)
  const decimals = mintData[MINT_DECIMALS_OFFSET] as number

  const [source, destination] = await Promise.all([
    associatedTokenAddress({ owner: from, mint, tokenProgram }),
    associatedTokenAddress({ owner: to, mint, tokenProgram }),
  ])
  const [sourceAccount, destinationAccount] = (
    await callRpc(() =>
      rpc.getMultipleAccounts([source, destination], { encoding: 'base64', commitment }).send(),
    )
  ).value
  if (!sourceAccount) throw invalid(`${from} holds no ${mint}`)

  const instructions: Instruction[] = []
  if (!destinationAccount) {
    // The receiver has never held this token: the sender pays for its account (~0.002 SOL).
    instructions.push(
      createAssociatedTokenAccountInstruction({
        payer: from,
        associatedToken: destination,
        owner: to,
        mint,
        tokenProgram,
      }),
    )
  }
  instructions.push(
    transferCheckedInstruction({ source, mint, destination, owner: from, amount, decimals, tokenProgram }),
  )
  return { instructions, createsTokenAccount: !destinationAccount }
}

/** An unsigned transfer, and whether it opens a token account for the receiver (which costs rent). */
export interface TransferTransaction {
  /** Wire bytes with an empty signature slot for `from`. */
  bytes: Uint8Array
  createsTokenAccount: boolean
}

/**
 * The wire bytes of an unsigned transfer from `from` (fee payer) to `to`, with a fresh
 * blockhash. The wallet adds the signature.
 *
 * @example
 * const { bytes } = await buildTransferTransaction(rpc, { from, to, value: 1_000_000n })
 * const spl = await buildTransferTransaction(rpc, { from, to, value: 5_000_000n, tokenAddress: mint })
 */
export async function buildTransferTransaction(
  rpc: SolanaRpc,
  parameters: TransferTransactionParameters,
): Promise<TransferTransaction> {
  const from = address(parameters.from)
  const to = address(parameters.to)
  const { commitment, minContextSlot } = parameters
  const { instructions, createsTokenAccount } = parameters.tokenAddress
    ? await tokenTransferInstructions(rpc, {
        from,
        to,
        mint: address(parameters.tokenAddress),
        amount: parameters.value,
        commitment,
      })
    : {
        instructions: [transferSolInstruction({ from, to, lamports: parameters.value })],
        createsTokenAccount: false,
      }
  const { value: lifetime } = await callRpc(() =>
    rpc
      .getLatestBlockhash({
        commitment,
        ...(minContextSlot !== undefined ? { minContextSlot: BigInt(minContextSlot) } : {}),
      })
      .send(),
  )
  const message = pipe(
    createTransactionMessage({ version: parameters.version ?? 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return {
    bytes: new Uint8Array(getTransactionEncoder().encode(compileTransaction(message))),
    createsTokenAccount,
  }
}
