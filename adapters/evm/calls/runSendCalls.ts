import { type Kernel, type LatchError, refreshBalance, type TransactionSummary } from 'latchkit'
import { latchError, parseWith } from 'latchkit/internal'
import type { Hex } from '../address'
import { evmChainIdOf, readChainId } from '../chainId'
import { numberToHex } from '../hex'
import { providerOf, request } from '../provider'
import type { Call, CallsStatus, SendCallsProgress } from './callsTypes'
import { evmConnection } from './evmConnection'
import {
  canBeAtomic,
  readCapabilities,
  sendCallsAnswerSchema,
  sendOneByOne,
  toRpcCall,
  waitForCallsStatus,
} from './walletCalls'
import { bundleError, isMethodMissing, toSendCallsError } from './walletErrors'

export interface SendCallsParameters {
  /** Run in this order. Each `to` (and `data`, when given) must start with 0x. */
  calls: readonly Call[]
  /** Default: the connected network's. The one-at-a-time fallback needs the wallet on it. */
  chainId?: number
  /**
   * All or nothing: refuse (SendCallsError 5760) rather than let a wallet that cannot
   * execute the calls atomically run them one after another. Default false.
   */
  atomicRequired?: boolean
  /**
   * EIP-5792 capabilities passed to `wallet_sendCalls` (a paymaster service, ...). One
   * without `optional: true` makes a wallet without EIP-5792 refuse the bundle (5700).
   */
  capabilities?: Record<string, unknown>
  /** Called after each step when the calls go one transaction at a time. */
  onProgress?(progress: SendCallsProgress): void
  /** How the bundle reads in a list, passed with `tx:sent` for its last transaction. */
  summary?: TransactionSummary
  /** Between two status reads. Default 1000. */
  pollMs?: number
  /** Give up (TimeoutError) when the bundle is still pending this long after it was sent. Default 120000. */
  timeoutMs?: number
}
/** The bundle's final status: 'success', or 'failure' with what was mined. */
export type SendCallsReturnType = CallsStatus
/**
 * ValidationError for bad calls (before the wallet is asked), SendCallsError (5700 to
 * 5760), UserRejectedRequestError (4001), 'Chain mismatch', TimeoutError, and the
 * wallet's other failures, mapped.
 */
export type SendCallsErrorType = LatchError

/** What `sendCalls` (sendCalls.ts) does, loaded with the wallet actions. */
export async function runSendCalls(
  kernel: Kernel,
  parameters: SendCallsParameters,
): Promise<SendCallsReturnType> {
  const { atomicRequired = false, capabilities, onProgress, summary } = parameters
  const poll = { pollMs: parameters.pollMs ?? 1_000, timeoutMs: parameters.timeoutMs ?? 120_000 }
  // Validated by sendCalls (sendCalls.ts) before this module was loaded.
  const { calls } = parameters
  const { connector, network, address } = evmConnection(kernel)
  const namespace = network.chainNamespace
  const provider = providerOf(connector)
  const chainId = parameters.chainId ?? evmChainIdOf(network)

  const announce = (hash: string, to: string, last: boolean) =>
    kernel.bus.emit('tx:sent', {
      namespace,
      caipNetworkId: network.caipNetworkId,
      hash,
      from: address,
      to,
      ...(last && summary && { summary }),
    })
  const lastIndex = calls.length - 1

  const oneByOne = async (): Promise<CallsStatus> => {
    // Without EIP-5792 nothing can make the calls one: refuse before anything is sent.
    if (atomicRequired) {
      throw bundleError(5760, 'The wallet cannot execute calls atomically')
    }
    const required = Object.entries(capabilities ?? {}).find(
      ([, value]) => (value as { optional?: unknown } | null)?.optional !== true,
    )
    if (required) {
      throw bundleError(5700, `The wallet cannot honour the capability '${required[0]}'`)
    }
    // A wallet signs for whatever chain it is on: refuse rather than send on the wrong one.
    const current = await readChainId(provider)
    if (current !== chainId) {
      throw latchError(
        'CHAIN_MISMATCH',
        {},
        { details: `The wallet is on chain ${current}, the calls are for ${chainId}` },
      )
    }
    let sent = 0
    return sendOneByOne(kernel, provider, {
      from: address,
      chainId,
      calls,
      onSent: (hash, call) => announce(hash, call.to, sent++ === lastIndex),
      ...(onProgress && { onProgress }),
      ...poll,
    })
  }

  const walletCapabilities = await readCapabilities(provider, address, chainId)
  let status: CallsStatus
  if (!walletCapabilities) {
    status = await oneByOne()
  } else {
    if (atomicRequired && !canBeAtomic(walletCapabilities)) {
      throw bundleError(
        5760,
        `The wallet's atomic status on chain ${chainId} is '${walletCapabilities.atomic?.status ?? 'absent'}'`,
      )
    }
    let id: string | undefined
    try {
      const answer = await request(provider, {
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            from: address as Hex,
            chainId: numberToHex(chainId),
            atomicRequired,
            calls: calls.map(toRpcCall),
            ...(capabilities && { capabilities }),
          },
        ],
      })
      const parsed = parseWith(sendCallsAnswerSchema, answer, 'wallet_sendCalls')
      id = typeof parsed === 'string' ? parsed : parsed.id
    } catch (error) {
      // Capabilities but no wallet_sendCalls: a half-done EIP-5792, treated as none.
      if (!isMethodMissing(error)) throw toSendCallsError(error)
    }
    status = id === undefined ? await oneByOne() : await waitForCallsStatus(provider, id, chainId, poll)
    if (status.via === 'wallet_sendCalls') {
      for (const [index, receipt] of status.receipts.entries()) {
        const last = index === status.receipts.length - 1
        const call = last ? calls[lastIndex] : (calls[index] ?? calls[lastIndex])
        announce(receipt.transactionHash, call?.to ?? '', last)
      }
    }
  }
  void refreshBalance(kernel, { namespace, force: true }).catch(() => {})
  return status
}
