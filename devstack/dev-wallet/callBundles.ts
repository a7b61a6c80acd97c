/**
 * EIP-5792 in the dev wallet: `wallet_getCapabilities`, `wallet_sendCalls` (one prompt
 * listing every call, then the calls sent in order), `wallet_getCallsStatus` and
 * `wallet_showCallsStatus`. anvil signs one transaction at a time and the wallet cannot
 * make several atomic, so it says `atomic: { status: 'unsupported' }` and runs a bundle
 * as a sequence: each call mined before the next is sent, the first revert stops it.
 */
import { type Address, type Hex, isAddress, isHex } from 'viem'
import { describeTransaction } from './describeRequest'
import { forwardRpc } from './forwardRpc'
import { ProviderRpcError, providerErrors } from './providerRpcError'
import type { DevWalletChain, PendingRequestView } from './types'
import { toHexChainId } from './walletState'

/** More calls than this in one bundle is 5740: a real wallet has a limit too. */
export const MAX_CALLS_PER_BUNDLE = 10

/** EIP-5792's receipt as `wallet_getCallsStatus` reports it. */
interface BundleReceipt {
  logs: unknown[]
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

interface Bundle {
  chain: DevWalletChain
  /** 100 pending, 200 confirmed, 400 nothing sent, 500 first call reverted, 600 partly done. */
  status: number
  receipts: BundleReceipt[]
}

interface BundleCall {
  to: Address
  data?: Hex
  value?: Hex
}

export interface CallBundlesOptions {
  /** Asks the person; rejects with 4001 when they decline. */
  ask(title: string, details: PendingRequestView['details']): Promise<void>
  requireAuthorizedAccount(requested?: unknown): Address
  currentChain(): DevWalletChain
  chains(): readonly DevWalletChain[]
}

const bundleError = (code: number, message: string) => new ProviderRpcError(code, message)

function parseCalls(value: unknown): BundleCall[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw providerErrors.invalidParams('wallet_sendCalls needs a non-empty calls array')
  }
  if (value.length > MAX_CALLS_PER_BUNDLE) {
    throw bundleError(5740, `At most ${MAX_CALLS_PER_BUNDLE} calls per bundle, got ${value.length}`)
  }
  return value.map((raw, index) => {
    const call = (raw ?? {}) as { to?: unknown; data?: unknown; value?: unknown }
    if (typeof call.to !== 'string' || !isAddress(call.to)) {
      throw providerErrors.invalidParams(`calls[${index}].to must be an address`)
    }
    if (call.data !== undefined && (typeof call.data !== 'string' || !isHex(call.data))) {
      throw providerErrors.invalidParams(`calls[${index}].data must be hex`)
    }
    if (call.value !== undefined && (typeof call.value !== 'string' || !isHex(call.value))) {
      throw providerErrors.invalidParams(`calls[${index}].value must be a hex quantity`)
    }
    return {
      to: call.to,
      ...(call.data !== undefined && { data: call.data as Hex }),
      ...(call.value !== undefined && { value: call.value as Hex }),
    }
  })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function receiptOf(chain: DevWalletChain, hash: Hex): Promise<BundleReceipt> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const receipt = (await forwardRpc(chain.rpcUrl, 'eth_getTransactionReceipt', [hash])) as
      | (BundleReceipt & Record<string, unknown>)
      | null
    if (receipt) {
      const { logs, status, blockHash, blockNumber, gasUsed, transactionHash } = receipt
      return { logs, status, blockHash, blockNumber, gasUsed, transactionHash }
    }
    if (Date.now() > deadline) throw providerErrors.internal(`No receipt for ${hash}`)
    await pause(200)
  }
}

/**
 * The EIP-5792 methods over the wallet's state; `request` for one of them, or undefined
 * for any other method.
 *
 * @example
 * const bundles = createCallBundles({ ask, requireAuthorizedAccount, currentChain, chains })
 * const answer = await bundles.request('wallet_getCapabilities', [account])
 */
export function createCallBundles(options: CallBundlesOptions) {
  const bundles = new Map<string, Bundle>()

  /** Sends the calls in order, each mined first; the status says how far it got. */
  const run = async (bundle: Bundle, from: Address, calls: readonly BundleCall[]) => {
    for (const [index, call] of calls.entries()) {
      let hash: Hex
      try {
        hash = (await forwardRpc(bundle.chain.rpcUrl, 'eth_sendTransaction', [{ from, ...call }])) as Hex
      } catch {
        // Not even sent (it would revert at estimation, the chain is away): stop here.
        bundle.status = index === 0 ? 400 : 600
        return
      }
      const receipt = await receiptOf(bundle.chain, hash).catch(() => undefined)
      if (!receipt) {
        bundle.status = index === 0 ? 400 : 600
        return
      }
      bundle.receipts.push(receipt)
      if (receipt.status !== '0x1') {
        bundle.status = index === 0 ? 500 : 600
        return
      }
    }
    bundle.status = 200
  }

  const capabilitiesOf = (chain: DevWalletChain) => [
    toHexChainId(chain.chainId),
    { atomic: { status: 'unsupported' } },
  ]

  const methods: Record<string, (params: readonly unknown[]) => Promise<unknown>> = {
    async wallet_getCapabilities([address, chainIds]) {
      options.requireAuthorizedAccount(address)
      const wanted = Array.isArray(chainIds) ? chainIds.map((id) => String(id).toLowerCase()) : undefined
      return Object.fromEntries(
        options
          .chains()
          .map(capabilitiesOf)
          .filter(([id]) => !wanted || wanted.includes(id as string)),
      )
    },

    async wallet_sendCalls([raw]) {
      const request = (raw ?? {}) as {
        version?: unknown
        id?: unknown
        from?: unknown
        chainId?: unknown
        atomicRequired?: unknown
        calls?: unknown
        capabilities?: unknown
      }
      if (typeof raw !== 'object' || raw === null) {
        throw providerErrors.invalidParams('wallet_sendCalls needs a request object')
      }
      const from = options.requireAuthorizedAccount(request.from ?? undefined)
      const chain = options.currentChain()
      if (
        typeof request.chainId !== 'string' ||
        request.chainId.toLowerCase() !== toHexChainId(chain.chainId)
      ) {
        throw bundleError(
          5710,
          `This wallet sends bundles on the current chain ${toHexChainId(chain.chainId)} only`,
        )
      }
      if (request.atomicRequired === true) {
        throw bundleError(5760, 'This wallet cannot execute calls atomically')
      }
      for (const [name, value] of Object.entries((request.capabilities ?? {}) as Record<string, unknown>)) {
        if ((value as { optional?: unknown } | null)?.optional !== true) {
          throw bundleError(5700, `Unsupported capability: ${name}`)
        }
      }
      if (request.id !== undefined && (typeof request.id !== 'string' || bundles.has(request.id))) {
        throw bundleError(5720, `There is already a bundle with the id ${String(request.id)}`)
      }
      const calls = parseCalls(request.calls)

      const details: Array<{ label: string; value: string }> = [
        { label: 'From', value: from },
        { label: 'Network', value: `${chain.name} (chain ${chain.chainId})` },
        { label: 'Calls', value: `${calls.length}, sent one after another (not atomic)` },
      ]
      for (const [index, call] of calls.entries()) {
        const lines = await describeTransaction({ from, ...call }, chain)
        for (const line of lines) {
          if (line.label === 'From' || line.label === 'Network') continue
          details.push({ label: `Call ${index + 1} ${line.label}`, value: line.value })
        }
      }
      await options.ask('Batched transactions request', details)

      const id =
        typeof request.id === 'string'
          ? request.id
          : `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')}`
      const bundle: Bundle = { chain, status: 100, receipts: [] }
      bundles.set(id, bundle)
      void run(bundle, from, calls)
      return { id }
    },

    async wallet_getCallsStatus([id]) {
      const bundle = typeof id === 'string' ? bundles.get(id) : undefined
      if (!bundle) throw bundleError(5730, `Unknown bundle id ${String(id)}`)
      return {
        version: '2.0.0',
        id,
        chainId: toHexChainId(bundle.chain.chainId),
        status: bundle.status,
        atomic: false,
        ...(bundle.status !== 100 && { receipts: bundle.receipts }),
      }
    },

    async wallet_showCallsStatus([id]) {
      if (typeof id !== 'string' || !bundles.has(id))
        throw bundleError(5730, `Unknown bundle id ${String(id)}`)
      return null
    },
  }

  return {
    /** True for the methods this module answers. */
    handles: (method: string) => Object.hasOwn(methods, method),
    request: (method: string, params: readonly unknown[]) =>
      (methods[method] as (typeof methods)[string])(params),
  }
}
