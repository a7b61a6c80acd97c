/**
 * Answers a session's EIP-155 requests with the anvil accounts' private keys, in the page:
 * signatures with viem's local account, transactions signed here and sent to the chain's
 * RPC (anvil), whose hash is the answer. Nothing is forwarded to anvil's unlocked accounts,
 * so the wallet behaves as a phone wallet with its own keys does.
 */
import {
  type Address,
  createPublicClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  isAddress,
  isHex,
  type LocalAccount,
  type TransactionRequest,
  toHex,
} from 'viem'
import type { MobileWalletChain } from './config'
import { invalidParams, unknownChain, unsupportedMethod } from './walletRequestError'

export interface EvmRequestContext {
  /** The chain the request was sent for. */
  chain: MobileWalletChain
  /** The wallet's account for an address; throws a 4100 error for any other. */
  accountFor(address: string): LocalAccount
  selectedAddress(): Address
  /** Switches the wallet (and its sessions) to a chain it has; throws 4902 for another. */
  switchChain(chainId: number): void
  hasChain(chainId: number): boolean
}

type RpcTransaction = {
  from?: string
  to?: string
  value?: string
  data?: string
  input?: string
  gas?: string
  gasPrice?: string
  maxFeePerGas?: string
  maxPriorityFeePerGas?: string
  nonce?: string
}

const viemChain = (chain: MobileWalletChain) =>
  defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })

const asArray = (params: unknown, method: string): unknown[] => {
  if (!Array.isArray(params)) throw invalidParams(`${method} takes an array of parameters`)
  return params
}

const optionalBigInt = (value: unknown, field: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value)) throw invalidParams(`${field} must be a hex quantity`)
  return BigInt(value)
}

/** A dapp's transaction object (hex quantities) as viem's request, checked. */
function toTransactionRequest(value: unknown): { from: string; request: TransactionRequest } {
  if (typeof value !== 'object' || value === null) throw invalidParams('The transaction must be an object')
  const tx = value as RpcTransaction
  if (typeof tx.from !== 'string') throw invalidParams('The transaction has no from address')
  if (tx.to !== undefined && tx.to !== null && !(typeof tx.to === 'string' && isAddress(tx.to))) {
    throw invalidParams('The transaction to address is not an address')
  }
  const data = tx.data ?? tx.input
  if (data !== undefined && !(typeof data === 'string' && isHex(data)))
    throw invalidParams('data must be hex')
  const nonce = optionalBigInt(tx.nonce, 'nonce')
  const request: TransactionRequest = {
    ...(tx.to ? { to: getAddress(tx.to) } : {}),
    ...(data ? { data: data as Hex } : {}),
    value: optionalBigInt(tx.value, 'value'),
    gas: optionalBigInt(tx.gas, 'gas'),
    ...(nonce !== undefined ? { nonce: Number(nonce) } : {}),
  } as TransactionRequest
  const maxFeePerGas = optionalBigInt(tx.maxFeePerGas, 'maxFeePerGas')
  const maxPriorityFeePerGas = optionalBigInt(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas')
  const gasPrice = optionalBigInt(tx.gasPrice, 'gasPrice')
  if (maxFeePerGas !== undefined) Object.assign(request, { maxFeePerGas, maxPriorityFeePerGas })
  else if (gasPrice !== undefined) Object.assign(request, { gasPrice })
  return { from: tx.from, request }
}

/** Fills in nonce, gas and fees from the chain and signs; returns the raw transaction. */
async function signOnChain(account: LocalAccount, chain: MobileWalletChain, request: TransactionRequest) {
  const client = createPublicClient({ chain: viemChain(chain), transport: http(chain.rpcUrl) })
  const prepared = await client.prepareTransactionRequest({
    ...request,
    account,
    chain: viemChain(chain),
  } as never)
  const { account: _account, ...unsigned } = prepared as typeof prepared & { account?: unknown }
  const raw = await account.signTransaction({ ...unsigned, chainId: chain.chainId } as never)
  return { client, raw }
}

/** personal_sign's message: hex bytes as dapps send them, or a plain string some send. */
const personalMessage = (message: string) => (isHex(message) ? { raw: message } : message)

/**
 * Answers one EIP-155 request, or throws a {@link WalletRequestError}.
 *
 * @example
 * const hash = await answerEvmRequest({ method: 'eth_sendTransaction', params: [tx] }, context)
 */
export async function answerEvmRequest(
  request: { method: string; params?: unknown },
  context: EvmRequestContext,
): Promise<unknown> {
  const { method, params } = request
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [context.selectedAddress()]
    case 'eth_chainId':
      return toHex(context.chain.chainId)
    case 'personal_sign': {
      const [message, address] = asArray(params, method)
      if (typeof message !== 'string' || typeof address !== 'string') {
        throw invalidParams('personal_sign takes [message, address]')
      }
      return context.accountFor(address).signMessage({ message: personalMessage(message) })
    }
    case 'eth_signTypedData_v4': {
      const [address, typedData] = asArray(params, method)
      if (typeof address !== 'string') throw invalidParams('eth_signTypedData_v4 takes [address, typedData]')
      let parsed: unknown = typedData
      if (typeof typedData === 'string') {
        try {
          parsed = JSON.parse(typedData)
        } catch {
          throw invalidParams('The typed data is not JSON')
        }
      }
      if (typeof parsed !== 'object' || parsed === null)
        throw invalidParams('The typed data must be an object')
      const { domain, types, primaryType, message } = parsed as Record<string, unknown>
      if (typeof types !== 'object' || types === null || typeof primaryType !== 'string') {
        throw invalidParams('The typed data needs types and primaryType')
      }
      // viem derives the domain type itself and refuses one given twice.
      const { EIP712Domain: _domainType, ...ownTypes } = types as Record<string, unknown>
      // The dapp's typed data is only known at run time; viem checks it against `types` as it encodes.
      const definition = { domain: domain ?? {}, types: ownTypes, primaryType, message: message ?? {} }
      return context
        .accountFor(address)
        .signTypedData(definition as Parameters<LocalAccount['signTypedData']>[0])
    }
    case 'eth_signTransaction': {
      const { from, request: tx } = toTransactionRequest(asArray(params, method)[0])
      const { raw } = await signOnChain(context.accountFor(from), context.chain, tx)
      return raw
    }
    case 'eth_sendTransaction': {
      const { from, request: tx } = toTransactionRequest(asArray(params, method)[0])
      const { client, raw } = await signOnChain(context.accountFor(from), context.chain, tx)
      return client.sendRawTransaction({ serializedTransaction: raw })
    }
    case 'wallet_switchEthereumChain': {
      const [target] = asArray(params, method)
      const chainId = (target as { chainId?: unknown } | undefined)?.chainId
      if (typeof chainId !== 'string' || !isHex(chainId)) throw invalidParams('chainId must be a hex string')
      const id = Number(BigInt(chainId))
      if (!context.hasChain(id)) throw unknownChain(chainId)
      context.switchChain(id)
      return null
    }
    default:
      throw unsupportedMethod(method)
  }
}
