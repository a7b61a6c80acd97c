/**
 * What an unsafe request asks, in words for the approval screen: the method as an action,
 * and the lines a person checks before approving (the message text, the typed data, a
 * transaction's recipient, value and data, a Solana transfer). Nothing here trusts the
 * params: anything unreadable is shown as such, and everything is rendered as text.
 */
import { getCompiledTransactionMessageDecoder } from '@solana/kit'
import { type Address, formatEther } from 'viem'
import * as z from 'zod/mini'
import {
  personalMessageText,
  personalSignParams,
  readTypedData,
  sendTransactionParams,
  typedDataParams,
} from './evmRequests.js'
import {
  decodeBase58Message,
  decodeWireTransaction,
  signAllTransactionsParams,
  signMessageParams,
  signTransactionParams,
} from './solanaRequests.js'

export interface RequestDescription {
  /** The method in words, e.g. 'Sign a message'. */
  action: string
  details: { label: string; value: string }[]
}

const ACTIONS: Record<string, string> = {
  personal_sign: 'Sign a message',
  eth_signTypedData_v4: 'Sign typed data',
  eth_sendTransaction: 'Send a transaction',
  solana_signMessage: 'Sign a message',
  solana_signTransaction: 'Sign a transaction',
  solana_signAndSendTransaction: 'Send a transaction',
  solana_signAllTransactions: 'Sign transactions',
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const LAMPORTS_PER_SOL = 1_000_000_000n

const MAX_SHOWN = 4000
const clip = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text)

/**
 * @example
 * describeRequest('personal_sign', ['0x68656c6c6f', address])
 * // { action: 'Sign a message', details: [{ label: 'Message', value: 'hello' }] }
 */
export function describeRequest(method: string, params: unknown): RequestDescription {
  const action = ACTIONS[method] ?? method
  try {
    return { action, details: detailsOf(method, params) }
  } catch {
    return { action, details: [{ label: 'Request', value: 'The details could not be read' }] }
  }
}

function detailsOf(method: string, params: unknown): RequestDescription['details'] {
  switch (method) {
    case 'personal_sign': {
      const [message] = z.parse(personalSignParams, params)
      return [{ label: 'Message', value: clip(personalMessageText(message)) }]
    }
    case 'eth_signTypedData_v4': {
      const [, data] = z.parse(typedDataParams, params)
      const typed = readTypedData(data)
      const domainName = typeof typed.domain?.name === 'string' ? typed.domain.name : undefined
      return [
        ...(domainName ? [{ label: 'Domain', value: domainName }] : []),
        { label: 'Type', value: typed.primaryType },
        { label: 'Message', value: clip(JSON.stringify(typed.message, null, 2)) },
      ]
    }
    case 'eth_sendTransaction': {
      const [tx] = z.parse(sendTransactionParams, params)
      const data = tx.data ?? tx.input
      return [
        { label: 'To', value: tx.to ? (tx.to as Address) : 'A new contract' },
        { label: 'Value', value: `${formatEther(tx.value ? BigInt(tx.value) : 0n)} ETH` },
        ...(data && data !== '0x' ? [{ label: 'Data', value: clip(data) }] : []),
      ]
    }
    case 'solana_signMessage': {
      const { message } = z.parse(signMessageParams, params)
      const bytes = decodeBase58Message(message)
      const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
      return [{ label: 'Message', value: clip(text) }]
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const { transaction } = z.parse(signTransactionParams, params)
      return describeSolanaTransaction(transaction)
    }
    case 'solana_signAllTransactions': {
      const { transactions } = z.parse(signAllTransactionsParams, params)
      return transactions.flatMap((transaction, index) =>
        describeSolanaTransaction(transaction).map((line) => ({
          ...line,
          label: `#${index + 1} ${line.label}`,
        })),
      )
    }
    default:
      return []
  }
}

function sol(lamports: bigint): string {
  const whole = lamports / LAMPORTS_PER_SOL
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''} SOL`
}

/** SOL transfers are named with amount and recipient; other instructions by their program. */
function describeSolanaTransaction(text: string): RequestDescription['details'] {
  const transaction = decodeWireTransaction(text)
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  const keys = message.staticAccounts.map(String)
  const lines: RequestDescription['details'] = []
  const instructions = 'instructions' in message ? message.instructions : []
  for (const instruction of instructions) {
    const program = keys[instruction.programAddressIndex] ?? 'unknown'
    const data = instruction.data ?? new Uint8Array()
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    const account = (index: number) => keys[instruction.accountIndices?.[index] ?? -1] ?? 'unknown'
    if (program === SYSTEM_PROGRAM && data.length === 12 && view.getUint32(0, true) === 2) {
      lines.push({ label: 'Send', value: `${sol(view.getBigUint64(4, true))} to ${account(1)}` })
    } else {
      lines.push({ label: 'Instruction', value: `Program ${program}` })
    }
  }
  lines.push({ label: 'Fee payer', value: keys[0] ?? 'unknown' })
  return lines
}
