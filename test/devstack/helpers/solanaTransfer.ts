/**
 * An unsigned SOL transfer as a base64 wire transaction, the shape WalletConnect's
 * solana_signTransaction and solana_signAndSendTransaction carry: the wallet signs it.
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'

const SYSTEM_PROGRAM = address('11111111111111111111111111111111')

/**
 * @example
 * const transaction = await unsignedSolanaTransfer(rpcUrl, from, to, 1_000n)
 */
export async function unsignedSolanaTransfer(rpcUrl: string, from: string, to: string, lamports: bigint) {
  const { value: lifetime } = await createSolanaRpc(rpcUrl).getLatestBlockhash().send()
  const data = new Uint8Array(12)
  data[0] = 2 // SystemProgram::Transfer
  new DataView(data.buffer).setBigUint64(4, lamports, true)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: SYSTEM_PROGRAM,
          data,
          accounts: [
            { address: address(from), role: AccountRole.WRITABLE_SIGNER },
            { address: address(to), role: AccountRole.WRITABLE },
          ],
        },
        m,
      ),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message)) as string
}
