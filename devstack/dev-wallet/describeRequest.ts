/**
 * Turns a request into the lines a person reads before approving: who asks, from which
 * account, on which network, and for a transaction where the value goes and what the data
 * does (ERC-20 transfers and approvals are decoded, with the token's symbol and decimals
 * read from the chain). Everything here ends up in `textContent`, never in markup.
 */
import {
  type Address,
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  hexToString,
  isHex,
} from 'viem'
import { forwardRpc } from './forwardRpc'
import type { DevWalletChain, PendingRequestView } from './types'

type Details = PendingRequestView['details']
type Line = Details[number]

/** Longest value shown in one line; longer ones are cut with an ellipsis. */
const MAX_VALUE_LENGTH = 600

const line = (label: string, value: string): Line => ({
  label,
  value: value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH)}…` : value,
})

/**
 * How prompts and the panel name a chain.
 *
 * @example chainLabel({ chainId: 31337, name: 'Latch Local 31337', rpcUrl }) // 'Latch Local 31337 (chain 31337)'
 */
export const chainLabel = (chain: DevWalletChain) => `${chain.name} (chain ${chain.chainId})`

/**
 * Lines of a connection prompt.
 *
 * @example consent.ask({ method, origin, title: 'Connection request', details: describeConnection(account, chain) })
 */
export function describeConnection(account: Address, chain: DevWalletChain): Details {
  return [line('Shares account', account), line('Network', chainLabel(chain))]
}

/**
 * A `personal_sign` message as text when it is readable UTF-8, else as hex.
 *
 * @example readableMessage('0x68656c6c6f') // 'hello'
 */
export function readableMessage(message: unknown): string {
  if (typeof message !== 'string') return String(message)
  if (!isHex(message)) return message
  try {
    const text = hexToString(message)
    // Control characters (other than newlines and tabs) mean binary data: show hex.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
    if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/.test(text)) return text
  } catch {}
  return message
}

/**
 * Lines of a `personal_sign` prompt; the message as text when readable.
 *
 * @example describePersonalSign(account, '0x68656c6c6f', chain) // [..., { label: 'Message', value: 'hello' }]
 */
export function describePersonalSign(account: Address, message: unknown, chain: DevWalletChain): Details {
  return [
    line('Account', account),
    line('Network', chainLabel(chain)),
    line('Message', readableMessage(message)),
  ]
}

/**
 * Lines of an `eth_signTypedData_v4` prompt: domain, primary type and message.
 *
 * @example describeTypedData(account, JSON.parse(params[1]), chain)
 */
export function describeTypedData(
  account: Address,
  typedData: Record<string, unknown>,
  chain: DevWalletChain,
): Details {
  const domain = (typedData.domain ?? {}) as Record<string, unknown>
  const domainText = ['name', 'version', 'chainId', 'verifyingContract']
    .filter((key) => domain[key] !== undefined)
    .map((key) => `${key}: ${String(domain[key])}`)
    .join(', ')
  return [
    line('Account', account),
    line('Network', chainLabel(chain)),
    line('Domain', domainText || '(none)'),
    line('Type', String(typedData.primaryType ?? '(unknown)')),
    line('Message', JSON.stringify(typedData.message ?? {}, null, 1)),
  ]
}

/** The transaction fields a prompt shows; hex quantities as dApps send them. */
export interface TransactionFields {
  from: Address
  to?: Address | null
  value?: Hex
  data?: Hex
}

/**
 * Lines of an `eth_sendTransaction` prompt; reads token metadata from `chain` for ERC-20 calls.
 *
 * @example await describeTransaction({ from, to, value: '0x14d1120d7b160000' }, chain) // Value: '1.5 ETH'
 */
export async function describeTransaction(tx: TransactionFields, chain: DevWalletChain): Promise<Details> {
  const symbol = chain.nativeSymbol ?? 'ETH'
  const value = tx.value ? BigInt(tx.value) : 0n
  const lines: Line[] = [
    line('From', tx.from),
    line('To', tx.to ?? '(new contract)'),
    line('Value', `${formatUnits(value, 18)} ${symbol}`),
    line('Network', chainLabel(chain)),
  ]
  const data = tx.data && tx.data !== '0x' ? tx.data : undefined
  if (!data) {
    lines.push(line('Data', 'none (plain transfer)'))
    return lines
  }
  lines.push(line('Data', (tx.to && (await describeTokenCall(tx.to, data, chain))) || describeRawCall(data)))
  return lines
}

function describeRawCall(data: Hex): string {
  const bytes = (data.length - 2) / 2
  return `contract call, selector ${data.slice(0, 10)}, ${bytes} bytes`
}

async function describeTokenCall(
  token: Address,
  data: Hex,
  chain: DevWalletChain,
): Promise<string | undefined> {
  let call: ReturnType<typeof decodeFunctionData<typeof erc20Abi>>
  try {
    call = decodeFunctionData({ abi: erc20Abi, data })
  } catch {
    return undefined
  }
  const { symbol, decimals } = await readTokenMetadata(token, chain)
  const amount = (raw: bigint) =>
    decimals === undefined ? `${raw} base units` : `${formatUnits(raw, decimals)} ${symbol}`
  switch (call.functionName) {
    case 'transfer':
      return `ERC-20 transfer of ${amount(call.args[1])} to ${call.args[0]}`
    case 'approve':
      return `ERC-20 approval: ${call.args[0]} may spend ${amount(call.args[1])}`
    case 'transferFrom':
      return `ERC-20 transferFrom of ${amount(call.args[2])} from ${call.args[0]} to ${call.args[1]}`
    default:
      return undefined
  }
}

async function readTokenMetadata(
  token: Address,
  chain: DevWalletChain,
): Promise<{ symbol: string; decimals?: number }> {
  // ERC-20 symbol() and decimals() take no arguments, so the calldata is just the selector.
  const call = (functionName: 'symbol' | 'decimals') =>
    forwardRpc(
      chain.rpcUrl,
      'eth_call',
      [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest'],
      2_000,
    ) as Promise<Hex>
  try {
    const [symbolData, decimalsData] = await Promise.all([call('symbol'), call('decimals')])
    const symbol = decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data: symbolData })
    const decimals = decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: decimalsData })
    return { symbol, decimals }
  } catch {
    // Not an ERC-20 after all, or the chain is away: the raw amount is still honest.
    return { symbol: '' }
  }
}

/**
 * Lines of a `wallet_switchEthereumChain` prompt.
 *
 * @example describeSwitch(state.currentChain(), target)
 */
export function describeSwitch(from: DevWalletChain, to: DevWalletChain): Details {
  return [line('From network', chainLabel(from)), line('To network', chainLabel(to))]
}

/**
 * Lines of a `wallet_addEthereumChain` prompt.
 *
 * @example describeAddChain({ chainId: 31338, name: 'Second local', rpcUrl })
 */
export function describeAddChain(chain: DevWalletChain): Details {
  return [
    line('Network name', chain.name),
    line('Chain ID', String(chain.chainId)),
    line('RPC URL', chain.rpcUrl),
    line('Currency', chain.nativeSymbol ?? 'ETH'),
    line('After approval', 'the wallet adds this network and switches to it'),
  ]
}
