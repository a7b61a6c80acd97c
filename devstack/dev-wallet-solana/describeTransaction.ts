/**
 * What a transaction does, in words for the approve / reject prompt: SOL transfers,
 * token transfers and account creations are named; anything else is counted.
 */
import {
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type ReadonlyUint8Array,
} from '@solana/kit'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
]
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

function units(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const text = amount.toString().padStart(decimals + 1, '0')
  const fraction = text.slice(-decimals).replace(/0+$/, '')
  return `${text.slice(0, -decimals)}${fraction ? `.${fraction}` : ''}`
}

const shorten = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/**
 * Prompt lines for a serialized transaction; one 'Transaction' line for bytes it cannot read.
 *
 * @example
 * describeTransaction(bytes) // [{ label: 'Send', value: '0.01 SOL to 9xQe…VFin' }, { label: 'Fee payer', value: '…' }]
 */
export function describeTransaction(bytes: ReadonlyUint8Array): { label: string; value: string }[] {
  try {
    const transaction = getTransactionDecoder().decode(bytes)
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    const keys = message.staticAccounts.map(String)
    const lines: { label: string; value: string }[] = []
    // v1 messages (kit 8) lay instructions out differently; the dev wallet builds none.
    const instructions = 'instructions' in message ? message.instructions : []
    for (const instruction of instructions) {
      const program = keys[instruction.programAddressIndex] ?? '?'
      const data = instruction.data ?? new Uint8Array()
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
      const account = (i: number) => keys[instruction.accountIndices?.[i] ?? -1] ?? '?'
      if (program === SYSTEM_PROGRAM && data.length === 12 && view.getUint32(0, true) === 2) {
        lines.push({
          label: 'Send',
          value: `${units(view.getBigUint64(4, true), 9)} SOL to ${shorten(account(1))}`,
        })
      } else if (TOKEN_PROGRAMS.includes(program) && data.length === 10 && data[0] === 12) {
        const amount = units(view.getBigUint64(1, true), data[9] as number)
        lines.push({
          label: 'Send token',
          value: `${amount} of ${shorten(account(1))} to account ${shorten(account(2))}`,
        })
      } else if (program === ASSOCIATED_TOKEN_PROGRAM) {
        lines.push({ label: 'Create token account', value: `for ${shorten(account(2))}` })
      } else {
        lines.push({ label: 'Instruction', value: `program ${shorten(program)}` })
      }
    }
    lines.push({ label: 'Fee payer', value: keys[0] ?? '?' })
    lines.push({ label: 'Blockhash', value: shorten(String(message.lifetimeToken)) })
    return lines
  } catch {
    return [{ label: 'Transaction', value: `${bytes.length} bytes (not readable)` }]
  }
}
