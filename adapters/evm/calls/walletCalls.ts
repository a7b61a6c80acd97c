/**
 * The EIP-5792 requests themselves, on an EIP-1193 provider: capabilities, the bundle's
 * status read and parsed, and the fallback that sends a bundle one transaction at a time
 * for a wallet without EIP-5792. The actions (sendCalls, getCallsStatus, getCapabilities)
 * find the provider and the chain; this module only talks to the wallet.
 */
import { type Kernel, TimeoutError } from 'latchkit'
import { parseWith } from 'latchkit/internal'
import * as z from 'zod/mini'
import type { Hex } from '../address'
import { numberToHex } from '../hex'
import { type Eip1193Provider, request } from '../provider'
import type { Call, CallReceipt, CallsStatus, SendCallsProgress, WalletCapabilities } from './callsTypes'
import { isMethodMissing, toSendCallsError } from './walletErrors'

const capabilitiesSchema = /* @__PURE__ */ z.record(
  /* @__PURE__ */ z.string(),
  /* @__PURE__ */ z.looseObject({
    atomic: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.looseObject({ status: /* @__PURE__ */ z.string() })),
  }),
)

const receiptSchema = /* @__PURE__ */ z.looseObject({
  transactionHash: /* @__PURE__ */ z.string(),
  status: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  blockNumber: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  gasUsed: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
})

const callsStatusSchema = /* @__PURE__ */ z.looseObject({
  // v2 answers a number; v1 wallets answered 'PENDING' or 'CONFIRMED'.
  status: /* @__PURE__ */ z.union([/* @__PURE__ */ z.number(), /* @__PURE__ */ z.string()]),
  chainId: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  atomic: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  receipts: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(receiptSchema)),
})

/** `wallet_sendCalls` answers `{ id }` (v2) or the id itself (v1). */
export const sendCallsAnswerSchema = /* @__PURE__ */ z.union([
  /* @__PURE__ */ z.string(),
  /* @__PURE__ */ z.looseObject({ id: /* @__PURE__ */ z.string() }),
])

const hex = (value: bigint | number): Hex => numberToHex(value)

/**
 * The wallet's capabilities on `chainId`, or undefined for a wallet without EIP-5792 (the
 * method is unknown to it) or with nothing to say about that chain. A chain-wide answer
 * under '0x0' counts for every chain, as EIP-5792 allows.
 *
 * @example
 * const capabilities = await readCapabilities(provider, address, 8453)
 * capabilities?.atomic?.status // 'supported'
 */
export async function readCapabilities(
  provider: Eip1193Provider,
  address: string,
  chainId: number,
): Promise<WalletCapabilities | undefined> {
  let answer: unknown
  try {
    answer = await request(provider, { method: 'wallet_getCapabilities', params: [address, [hex(chainId)]] })
  } catch (error) {
    if (isMethodMissing(error)) return undefined
    throw toSendCallsError(error)
  }
  if (answer === null || answer === undefined) return undefined
  const byChain = parseWith(capabilitiesSchema, answer, 'wallet_getCapabilities')
  const own = byChain[hex(chainId)] ?? byChain[String(chainId)]
  const everywhere = byChain['0x0']
  if (!own && !everywhere) return undefined
  return { ...everywhere, ...own } as WalletCapabilities
}

/**
 * True when the wallet runs a bundle atomically on that chain: now ('supported') or after
 * it asks to upgrade the account ('ready').
 *
 * @example
 * if (!canBeAtomic(capabilities)) throw new SendCallsError(5760)
 */
export function canBeAtomic(capabilities: WalletCapabilities | undefined): boolean {
  const status = capabilities?.atomic?.status
  return status === 'supported' || status === 'ready'
}

/** A call as `wallet_sendCalls` and `eth_sendTransaction` take it: quantities in hex. */
export function toRpcCall(call: Call): { to: Hex; data?: Hex; value?: Hex } {
  return {
    to: call.to,
    ...(call.data !== undefined && { data: call.data }),
    ...(call.value !== undefined && { value: hex(call.value) }),
  }
}

function toReceipt(raw: z.output<typeof receiptSchema>): CallReceipt {
  return {
    transactionHash: raw.transactionHash as Hex,
    status: raw.status === '0x1' || raw.status === 'success' ? 'success' : 'reverted',
    ...(raw.blockNumber && { blockNumber: BigInt(raw.blockNumber) }),
    ...(raw.gasUsed && { gasUsed: BigInt(raw.gasUsed) }),
  }
}

const statusOfCode = (code: number): CallsStatus['status'] =>
  code < 200 ? 'pending' : code < 300 ? 'success' : 'failure'

/**
 * Reads `wallet_getCallsStatus` once and parses it.
 *
 * @example
 * const status = await readCallsStatus(provider, id, 8453) // { status: 'pending', statusCode: 100, ... }
 */
export async function readCallsStatus(
  provider: Eip1193Provider,
  id: string,
  chainId: number,
): Promise<CallsStatus> {
  let answer: unknown
  try {
    answer = await request(provider, { method: 'wallet_getCallsStatus', params: [id] })
  } catch (error) {
    throw toSendCallsError(error)
  }
  const parsed = parseWith(callsStatusSchema, answer, 'wallet_getCallsStatus')
  const statusCode =
    typeof parsed.status === 'number' ? parsed.status : parsed.status === 'CONFIRMED' ? 200 : 100
  return {
    id,
    chainId: parsed.chainId ? Number.parseInt(parsed.chainId, 16) : chainId,
    status: statusOfCode(statusCode),
    statusCode,
    atomic: parsed.atomic ?? false,
    receipts: (parsed.receipts ?? []).map(toReceipt),
    via: 'wallet_sendCalls',
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface PollOptions {
  /** Between two reads. */
  pollMs: number
  /** Give up (TimeoutError) after this long. */
  timeoutMs: number
}

/**
 * Reads the bundle's status until it is no longer pending (status 100).
 *
 * @example
 * const done = await waitForCallsStatus(provider, id, 8453, { pollMs: 1000, timeoutMs: 120_000 })
 */
export async function waitForCallsStatus(
  provider: Eip1193Provider,
  id: string,
  chainId: number,
  { pollMs, timeoutMs }: PollOptions,
): Promise<CallsStatus> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const status = await readCallsStatus(provider, id, chainId)
    if (status.status !== 'pending') return status
    if (Date.now() + pollMs > deadline) {
      throw new TimeoutError(`Bundle ${id} still pending after ${Math.round(timeoutMs / 1000)} s`)
    }
    await pause(pollMs)
  }
}

async function waitForReceipt(provider: Eip1193Provider, hash: Hex, options: PollOptions) {
  const deadline = Date.now() + options.timeoutMs
  for (;;) {
    const receipt = await request(provider, { method: 'eth_getTransactionReceipt', params: [hash] })
    if (receipt && typeof receipt === 'object') {
      return toReceipt(parseWith(receiptSchema, receipt, 'eth_getTransactionReceipt'))
    }
    if (Date.now() + options.pollMs > deadline) {
      throw new TimeoutError(`No receipt for ${hash} after ${Math.round(options.timeoutMs / 1000)} s`)
    }
    await pause(options.pollMs)
  }
}

/**
 * Bundles sent one transaction at a time have no id the wallet knows: their statuses are
 * kept here, per kernel, so getCallsStatus answers for them as for any other.
 */
const sequentialBundles = /* @__PURE__ */ new WeakMap<Kernel, Map<string, CallsStatus>>()

/** The status of a bundle this kernel sent one transaction at a time, if `id` is one. */
export function sequentialBundle(kernel: Kernel, id: string): CallsStatus | undefined {
  return sequentialBundles.get(kernel)?.get(id)
}

export interface SendOneByOneParameters extends PollOptions {
  from: string
  chainId: number
  calls: readonly Call[]
  onSent?(hash: Hex, call: Call): void
  onProgress?(progress: SendCallsProgress): void
}

/**
 * Sends the calls as one `eth_sendTransaction` each, in order, each mined before the next
 * is sent (a swap must not go out before the approval it spends is mined). A call that
 * reverts stops the bundle: status 500 when it was the first, 600 (partly done) after.
 *
 * @example
 * const status = await sendOneByOne(kernel, provider, { from, chainId: 1, calls, pollMs: 1000, timeoutMs: 120_000 })
 */
export async function sendOneByOne(
  kernel: Kernel,
  provider: Eip1193Provider,
  { from, chainId, calls, onSent, onProgress, ...poll }: SendOneByOneParameters,
): Promise<CallsStatus> {
  const bundles = sequentialBundles.get(kernel) ?? new Map<string, CallsStatus>()
  sequentialBundles.set(kernel, bundles)
  const status: CallsStatus = {
    id: `latchkit-sequential-${bundles.size + 1}`,
    chainId,
    status: 'pending',
    statusCode: 100,
    atomic: false,
    receipts: [],
    via: 'eth_sendTransaction',
  }
  bundles.set(status.id, status)
  const total = calls.length
  for (const [index, call] of calls.entries()) {
    let hash: Hex
    try {
      hash = (await request(provider, {
        method: 'eth_sendTransaction',
        params: [{ from, ...toRpcCall(call) }],
      })) as Hex
    } catch (error) {
      // Declined or refused midway: what was mined stays mined, and the status says so.
      status.status = 'failure'
      status.statusCode = index === 0 ? 400 : 600
      throw error
    }
    onSent?.(hash, call)
    onProgress?.({ index, total, hash, stage: 'sent' })
    const receipt = await waitForReceipt(provider, hash, poll)
    status.receipts.push(receipt)
    onProgress?.({ index, total, hash, stage: receipt.status })
    if (receipt.status === 'reverted') {
      status.status = 'failure'
      status.statusCode = index === 0 ? 500 : 600
      return { ...status, receipts: [...status.receipts] }
    }
  }
  status.status = 'success'
  status.statusCode = 200
  return { ...status, receipts: [...status.receipts] }
}
