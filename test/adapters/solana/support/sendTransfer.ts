/**
 * Sends the transfers the widget and the dev wallet make, without a browser: the Solana
 * adapter's own transaction builder (a System transfer for SOL, TransferChecked between
 * associated token accounts for SPL, creating the receiver's account when missing),
 * signed with a fixture key the way the dev wallet signs, sent over the endpoint's RPC.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import {
  createSolanaRpc,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type SignatureBytes,
} from '@solana/kit'
import { buildTransferTransaction } from '../../../../adapters/solana/transferTransaction.js'
import type { StartedSolanaRpc } from '../../../../devstack/solana/index.js'

/**
 * Sends `value` base units of SOL (or of `mint`) from fixture account `fromIndex` to `to`;
 * resolves to the signature once it has landed.
 *
 * @example
 * const signature = await sendTransfer(rpc, { fromIndex: 0, to: rpc.accounts[1].address, value: 1_000_000n })
 */
export async function sendTransfer(
  rpc: Pick<StartedSolanaRpc, 'url' | 'accounts'>,
  { fromIndex, to, value, mint }: { fromIndex: number; to: string; value: bigint; mint?: string },
): Promise<string> {
  const client = createSolanaRpc(rpc.url)
  const from = rpc.accounts[fromIndex]
  if (!from) throw new Error(`no fixture account ${fromIndex}`)
  const { bytes } = await buildTransferTransaction(client as never, {
    from: from.address,
    to,
    value,
    ...(mint !== undefined ? { tokenAddress: mint } : {}),
  })
  const unsigned = getTransactionDecoder().decode(bytes)
  const signature = ed25519.sign(new Uint8Array(unsigned.messageBytes), from.secretKey) as SignatureBytes
  const signed = { ...unsigned, signatures: { ...unsigned.signatures, [from.address]: signature } }
  await client.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
  return getSignatureFromTransaction(signed)
}
