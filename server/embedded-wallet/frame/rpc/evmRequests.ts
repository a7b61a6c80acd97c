/**
 * The EVM half of RPC_REQUEST: reads go to the chain through the service; signing uses
 * viem's local account over the key in the frame's memory. A transaction is filled (nonce,
 * gas, fees) from the chain, signed here and sent with eth_sendRawTransaction.
 */
import {
  type Address,
  createClient,
  custom,
  type Hex,
  hexToString,
  isAddressEqual,
  isHex,
  numberToHex,
  type TransactionRequest,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { prepareTransactionRequest } from 'viem/actions'
import * as z from 'zod/mini'
import { FrameRequestError } from '../protocol/frameRequestError.js'
import type { ServiceClient } from '../serviceClient.js'

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x address'))
const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, '0x hex'))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'a 0x quantity'))

export const personalSignParams = z.tuple([z.string().check(z.maxLength(1_000_000)), address])
export const typedDataParams = z.tuple([
  address,
  z.union([z.string().check(z.maxLength(1_000_000)), z.record(z.string(), z.unknown())]),
])
export const sendTransactionParams = z.tuple([
  z.object({
    from: address,
    to: z.optional(z.nullable(address)),
    value: z.optional(quantity),
    data: z.optional(hex),
    input: z.optional(hex),
    gas: z.optional(quantity),
    gasPrice: z.optional(quantity),
    maxFeePerGas: z.optional(quantity),
    maxPriorityFeePerGas: z.optional(quantity),
    nonce: z.optional(quantity),
  }),
])

const typedDataSchema = z.object({
  domain: z.optional(z.record(z.string(), z.unknown())),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
})

const invalidParams = (what: string) => new FrameRequestError(`Invalid params: ${what}`, -32602)

/** Parses params with a schema, or throws the JSON-RPC invalid-params error. */
export function readParams<S extends z.core.$ZodType>(
  schema: S,
  params: unknown,
  method: string,
): z.output<S> {
  const parsed = z.safeParse(schema, params)
  if (!parsed.success) throw invalidParams(method)
  return parsed.data
}

/** The typed data of eth_signTypedData_v4, given as JSON text or an object. */
export function readTypedData(value: string | Record<string, unknown>) {
  let raw: unknown = value
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value)
    } catch {
      throw invalidParams('eth_signTypedData_v4 typed data is not JSON')
    }
  }
  return readParams(typedDataSchema, raw, 'eth_signTypedData_v4')
}

/** The message of personal_sign as a person reads it: text when it is UTF-8 text, else hex. */
export function personalMessageText(message: string): string {
  if (!isHex(message)) return message
  try {
    const text = hexToString(message)
    return /^[\P{C}\n\r\t]*$/u.test(text) ? text : message
  } catch {
    return message
  }
}

function requireOwnAddress(given: string, own: string) {
  if (!isAddressEqual(given as Address, own as Address)) {
    throw new FrameRequestError('The request names an account this wallet does not hold', 4100)
  }
}

/**
 * Answers an approved EVM signing request.
 *
 * @example
 * const signature = await answerEvmSigning({ method: 'personal_sign', params: ['hello', address] }, context)
 */
export async function answerEvmSigning(
  request: { method: string; params: unknown },
  context: { privateKey: Hex; chainId: number; caip2: string; service: ServiceClient },
): Promise<unknown> {
  const account = privateKeyToAccount(context.privateKey)
  switch (request.method) {
    case 'personal_sign': {
      const [message, signer] = readParams(personalSignParams, request.params, 'personal_sign')
      requireOwnAddress(signer, account.address)
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [signer, data] = readParams(typedDataParams, request.params, 'eth_signTypedData_v4')
      requireOwnAddress(signer, account.address)
      const typed = readTypedData(data)
      const { EIP712Domain: _domain, ...types } = typed.types
      return account.signTypedData({
        domain: typed.domain ?? {},
        types,
        primaryType: typed.primaryType,
        message: typed.message,
      } as unknown as TypedDataDefinition)
    }
    case 'eth_sendTransaction': {
      const [tx] = readParams(sendTransactionParams, request.params, 'eth_sendTransaction')
      requireOwnAddress(tx.from, account.address)
      const client = createClient({
        transport: custom({
          request: ({ method, params }) => context.service.rpc(context.caip2, method, params),
        }),
      })
      const wanted: TransactionRequest = {
        ...(tx.to ? { to: tx.to as Address } : {}),
        ...(tx.value ? { value: BigInt(tx.value) } : {}),
        ...((tx.data ?? tx.input) ? { data: (tx.data ?? tx.input) as Hex } : {}),
        ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
        ...(tx.nonce ? { nonce: Number(BigInt(tx.nonce)) } : {}),
        ...(tx.gasPrice
          ? { gasPrice: BigInt(tx.gasPrice) }
          : {
              ...(tx.maxFeePerGas ? { maxFeePerGas: BigInt(tx.maxFeePerGas) } : {}),
              ...(tx.maxPriorityFeePerGas ? { maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas) } : {}),
            }),
      }
      // Nonce, gas and fees from the chain where the request leaves them out.
      const prepared = await prepareTransactionRequest(client, {
        ...wanted,
        account,
        chainId: context.chainId,
        parameters: ['nonce', 'gas', 'fees', 'type'],
      } as never)
      const { account: _account, from: _from, ...fields } = prepared as Record<string, unknown>
      const signed = await account.signTransaction({ ...fields, chainId: context.chainId } as never)
      return context.service.rpc(context.caip2, 'eth_sendRawTransaction', [signed])
    }
    default:
      throw new FrameRequestError('Requested RPC call is not allowed')
  }
}

/** eth_chainId's answer for a CAIP-2 EVM chain. */
export const evmChainIdHex = (chainId: number) => numberToHex(chainId)
