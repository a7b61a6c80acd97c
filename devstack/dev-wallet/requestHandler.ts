/**
 * The dev wallet's `request`: what a browser wallet does with each EIP-1193 method.
 * Account access and anything that signs or switches waits for the person's Approve in
 * the panel; reads go straight to the current chain's RPC. anvil holds the dev accounts
 * unlocked, so approved signatures and transactions are forwarded to it to be signed.
 */
import { type Address, type Hex, isAddress, isHex } from 'viem'
import { createCallBundles } from './callBundles'
import type { ConsentQueue } from './consentQueue'
import {
  describeAddChain,
  describeConnection,
  describePersonalSign,
  describeSwitch,
  describeTransaction,
  describeTypedData,
} from './describeRequest'
import { ChainUnreachableError, forwardRpc } from './forwardRpc'
import { providerErrors } from './providerRpcError'
import type { DevWalletChain, DevWalletRequestArguments } from './types'
import { toHexChainId, type WalletState } from './walletState'

export interface RequestHandlerOptions {
  state: WalletState
  consent: ConsentQueue
  /** The site asking, shown in prompts (the page's origin). */
  origin: string
  /** Whether EIP-5792 (wallet_sendCalls and friends) is answered; otherwise 4200. Default true. */
  sendCalls?: boolean
}

/**
 * Methods a dApp may not reach through the wallet: node administration (anvil_setBalance
 * and friends would let any page rewrite the chain without a prompt) and raw signing,
 * which real wallets refuse too.
 */
const blockedMethod =
  /^(anvil_|evm_|hardhat_|miner_|admin_|debug_|txpool_|personal_(?!sign$))|^eth_sign$|^eth_signTransaction$|^eth_signTypedData(_v1|_v3)?$/

/**
 * @example
 * const request = createRequestHandler({ state, consent, origin: location.origin })
 * await request({ method: 'eth_requestAccounts' }) // shows a prompt in the panel
 */
export function createRequestHandler(options: RequestHandlerOptions) {
  const { state, consent, origin } = options
  let connecting: Promise<void> | undefined

  const ask = (method: string, title: string, details: Parameters<ConsentQueue['ask']>[0]['details']) =>
    consent.ask({ method, origin, title, details })

  /** Forwards to the current chain and tracks whether it answers (EIP-1193 connect/disconnect). */
  const forward = async (method: string, params: readonly unknown[] | object | undefined) => {
    try {
      const result = await forwardRpc(state.currentChain().rpcUrl, method, params ?? [])
      state.setReachable(true)
      return result
    } catch (error) {
      if (error instanceof ChainUnreachableError) state.setReachable(false)
      throw error
    }
  }

  const connect = async (method: string) => {
    // A second request while the first prompt is open joins it instead of stacking prompts.
    connecting ??= ask(
      method,
      'Connection request',
      describeConnection(state.requireAccount(), state.currentChain()),
    )
      .then(() => state.authorize())
      .finally(() => {
        connecting = undefined
      })
    await connecting
  }

  const requireAuthorizedAccount = (requested?: unknown): Address => {
    const account = state.requireAccount()
    if (!state.snapshot().authorized) throw providerErrors.unauthorized()
    if (
      requested !== undefined &&
      (typeof requested !== 'string' || requested.toLowerCase() !== account.toLowerCase())
    ) {
      throw providerErrors.unauthorized()
    }
    return account
  }

  const requireCurrentChain = (chainId: unknown, what: string) => {
    if (chainId === undefined || chainId === null) return
    const id = parseChainId(chainId)
    const current = state.currentChain().chainId
    if (id !== current) {
      throw providerErrors.invalidParams(
        `Provided chainId "${String(chainId)}" must match the active chainId "${current}" (${what})`,
      )
    }
  }

  const switchTo = async (method: string, target: DevWalletChain) => {
    const from = state.currentChain()
    if (target.chainId === from.chainId) return null
    await ask(method, 'Switch network', describeSwitch(from, target))
    state.selectChain(target.chainId)
    return null
  }

  const callBundles = createCallBundles({
    ask: (title, details) => ask('wallet_sendCalls', title, details),
    requireAuthorizedAccount,
    currentChain: () => state.currentChain(),
    chains: () => state.snapshot().chains,
  })

  const permissions = () => {
    const { authorized, account } = state.snapshot()
    if (!authorized || !account) return []
    return [
      {
        parentCapability: 'eth_accounts',
        invoker: origin,
        caveats: [{ type: 'restrictReturnedAccounts', value: [account] }],
      },
    ]
  }

  return async function request(args: DevWalletRequestArguments): Promise<unknown> {
    if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
      throw providerErrors.invalidParams('Expected a request object with a string `method`')
    }
    const { method } = args
    const params: readonly unknown[] = Array.isArray(args.params) ? args.params : []
    await state.ready

    switch (method) {
      case 'eth_chainId':
        return toHexChainId(state.currentChain().chainId)
      case 'net_version':
        return String(state.currentChain().chainId)

      case 'eth_accounts': {
        const { authorized, account } = state.snapshot()
        return authorized && account ? [account] : []
      }
      case 'eth_requestAccounts':
        if (!state.snapshot().authorized) await connect(method)
        return [state.requireAccount()]
      case 'wallet_requestPermissions': {
        const requested = params[0]
        if (typeof requested !== 'object' || requested === null || !('eth_accounts' in requested)) {
          throw providerErrors.invalidParams('wallet_requestPermissions supports only { eth_accounts: {} }')
        }
        await connect(method)
        return permissions()
      }
      case 'wallet_getPermissions':
        return permissions()
      case 'wallet_revokePermissions':
        state.revoke()
        return null

      case 'personal_sign': {
        // The spec order is [message, address]; some dApps send [address, message].
        const [first, second] = params
        const [message, address] =
          typeof first === 'string' && isAddress(first) && !(typeof second === 'string' && isAddress(second))
            ? [second, first]
            : [first, second]
        if (typeof message !== 'string') throw providerErrors.invalidParams('personal_sign needs a message')
        const account = requireAuthorizedAccount(address)
        await ask(method, 'Signature request', describePersonalSign(account, message, state.currentChain()))
        return forward(method, [message, account])
      }

      case 'eth_signTypedData_v4': {
        const [address, raw] = params
        const account = requireAuthorizedAccount(address)
        let typedData: Record<string, unknown>
        try {
          typedData = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>
          if (typeof typedData !== 'object' || typedData === null) throw new Error('not an object')
        } catch {
          throw providerErrors.invalidParams('eth_signTypedData_v4 needs typed data as JSON')
        }
        requireCurrentChain(
          (typedData.domain as { chainId?: unknown } | undefined)?.chainId,
          'typed data domain',
        )
        await ask(
          method,
          'Typed data signature request',
          describeTypedData(account, typedData, state.currentChain()),
        )
        return forward(method, [account, typeof raw === 'string' ? raw : JSON.stringify(raw)])
      }

      case 'eth_sendTransaction': {
        const tx = params[0]
        if (typeof tx !== 'object' || tx === null)
          throw providerErrors.invalidParams('eth_sendTransaction needs a transaction object')
        const fields = tx as {
          from?: unknown
          to?: unknown
          value?: unknown
          data?: unknown
          input?: unknown
          chainId?: unknown
        }
        const account = requireAuthorizedAccount(fields.from ?? state.requireAccount())
        requireCurrentChain(fields.chainId, 'transaction')
        const data = fields.data ?? fields.input
        const details = await describeTransaction(
          {
            from: account,
            to: typeof fields.to === 'string' && isAddress(fields.to) ? fields.to : null,
            ...(typeof fields.value === 'string' && isHex(fields.value) ? { value: fields.value } : {}),
            ...(typeof data === 'string' && isHex(data) ? { data: data as Hex } : {}),
          },
          state.currentChain(),
        )
        await ask(method, 'Transaction request', details)
        return forward(method, [{ ...tx, from: account }])
      }

      case 'wallet_switchEthereumChain': {
        const chainIdHex = (params[0] as { chainId?: unknown } | undefined)?.chainId
        const chainId = parseChainId(chainIdHex)
        const target = state.findChain(chainId)
        if (!target) throw providerErrors.unrecognizedChain(String(chainIdHex))
        return switchTo(method, target)
      }

      case 'wallet_addEthereumChain': {
        const chain = parseAddChainParameter(params[0])
        const known = state.findChain(chain.chainId)
        if (known) return switchTo(method, known)
        // A real wallet checks that the RPC serves the chain it claims before adding it.
        let served: unknown
        try {
          served = await forwardRpc(chain.rpcUrl, 'eth_chainId', [], 5_000)
        } catch (error) {
          throw providerErrors.invalidParams(`Could not reach ${chain.rpcUrl}: ${(error as Error).message}`)
        }
        if (parseChainId(served) !== chain.chainId) {
          throw providerErrors.invalidParams(
            `The RPC at ${chain.rpcUrl} serves chain ${String(served)}, not ${toHexChainId(chain.chainId)}`,
          )
        }
        await ask(method, 'Add network', describeAddChain(chain))
        state.addChain(chain)
        state.selectChain(chain.chainId)
        return null
      }

      default:
        if (callBundles.handles(method)) {
          if (options.sendCalls === false) throw providerErrors.unsupportedMethod(method)
          return callBundles.request(method, params)
        }
        if (blockedMethod.test(method)) throw providerErrors.unsupportedMethod(method)
        return forward(method, args.params)
    }
  }
}

/** Parses a hex (or numeric) chain id; throws -32602 for anything else. */
function parseChainId(value: unknown): number {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)
        ? Number.parseInt(value, 16)
        : Number.NaN
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw providerErrors.invalidParams(`Expected a hex chain id such as "0x1", got ${JSON.stringify(value)}`)
  }
  return id
}

/** EIP-3085 parameter to a chain the wallet can hold; -32602 when something is missing. */
function parseAddChainParameter(value: unknown): DevWalletChain {
  if (typeof value !== 'object' || value === null) {
    throw providerErrors.invalidParams('wallet_addEthereumChain needs a chain object')
  }
  const input = value as {
    chainId?: unknown
    chainName?: unknown
    rpcUrls?: unknown
    nativeCurrency?: unknown
  }
  const chainId = parseChainId(input.chainId)
  const rpcUrl = Array.isArray(input.rpcUrls)
    ? input.rpcUrls.find((url) => typeof url === 'string' && /^https?:\/\//.test(url))
    : undefined
  if (typeof rpcUrl !== 'string')
    throw providerErrors.invalidParams('wallet_addEthereumChain needs an http(s) URL in rpcUrls')
  const name =
    typeof input.chainName === 'string' && input.chainName.trim()
      ? input.chainName.trim().slice(0, 64)
      : `Chain ${chainId}`
  const symbol = (input.nativeCurrency as { symbol?: unknown } | undefined)?.symbol
  return {
    chainId,
    name,
    rpcUrl,
    ...(typeof symbol === 'string' && symbol ? { nativeSymbol: symbol.slice(0, 12) } : {}),
  }
}
