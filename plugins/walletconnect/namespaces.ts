import type { SessionTypes } from '@walletconnect/types'
import type { Account, ChainNamespace, Network } from 'latchkit'

/** A session namespace as the SDK reports it (`session.namespaces[...]`). */
export interface SessionNamespace {
  chains?: string[]
  accounts: string[]
  methods: string[]
  events: string[]
}

/**
 * A session's namespaces by chain family, as Latchkit reads them; none without a session.
 * The one place the SDK's session type meets ours: if the SDK's namespaces stop fitting
 * `SessionNamespace`, this fails to type-check rather than every reader.
 *
 * @example
 * sessionNamespaces(sessions.session()).eip155?.methods // ['eth_sendTransaction', ...]
 */
export function sessionNamespaces(
  session: Pick<SessionTypes.Struct, 'namespaces'> | undefined,
): Readonly<Record<string, SessionNamespace>> {
  return session?.namespaces ?? {}
}

/** What Latchkit asks a wallet for, per chain family it can use over WalletConnect. */
const requested: Partial<Record<ChainNamespace, { methods: string[]; events: string[] }>> = {
  eip155: {
    methods: [
      'eth_sendTransaction',
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_signTransaction',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_getCapabilities',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
    ],
    events: ['accountsChanged', 'chainChanged'],
  },
  solana: {
    methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
    events: [],
  },
}

/** The chain families WalletConnect serves here. */
export const WALLETCONNECT_NAMESPACES = Object.keys(requested) as ChainNamespace[]

/**
 * The proposal's optional namespaces: every configured network of each family
 * WalletConnect serves, so one session can hold EVM and Solana accounts and the wallet
 * may approve any subset. Nothing is required: a wallet that knows only some chains
 * still connects.
 *
 * @example
 * optionalNamespaces([mainnet, base]) // { eip155: { chains: ['eip155:1', 'eip155:8453'], methods, events } }
 */
export function optionalNamespaces(
  networks: readonly Network[],
): Record<string, { chains: string[]; methods: string[]; events: string[] }> {
  const result: Record<string, { chains: string[]; methods: string[]; events: string[] }> = {}
  for (const network of networks) {
    const wanted = requested[network.chainNamespace]
    if (!wanted) continue
    const entry = result[network.chainNamespace] ?? {
      chains: [],
      methods: wanted.methods,
      events: wanted.events,
    }
    result[network.chainNamespace] = entry
    if (!entry.chains.includes(network.caipNetworkId)) entry.chains.push(network.caipNetworkId)
  }
  return result
}

/** A CAIP-10 account id split into its chain and address, or undefined when malformed. */
function splitAccount(caip10: string): { chain: string; address: string } | undefined {
  const match = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/.exec(caip10)
  return match ? { chain: match[1] as string, address: match[2] as string } : undefined
}

/**
 * The accounts a session grants on one family, and the chain to start on: `preferred`
 * (the kernel's active network) when the wallet approved it, else the chain of the
 * wallet's first account. Undefined when the session has no account of that family.
 *
 * @example
 * sessionAccounts(session.namespaces, 'eip155', 'eip155:1')
 * // { accounts: [{ address: '0xf39F...', type: 'eoa' }], chain: 'eip155:1' }
 */
export function sessionAccounts(
  namespaces: Readonly<Record<string, SessionNamespace>>,
  namespace: ChainNamespace,
  preferred?: string,
): { accounts: Account[]; chain: string } | undefined {
  const entries = (namespaces[namespace]?.accounts ?? []).flatMap((id) => {
    const account = splitAccount(id)
    return account?.chain.startsWith(`${namespace}:`) ? [account] : []
  })
  if (entries.length === 0) return undefined
  const chain =
    preferred && entries.some((e) => e.chain === preferred) ? preferred : (entries[0]?.chain as string)
  const addresses = [...new Set(entries.filter((e) => e.chain === chain).map((e) => e.address))]
  return { accounts: addresses.map((address) => ({ address, type: 'eoa' as const })), chain }
}

/**
 * The chain reference of a CAIP-2 id, as a connector reports its chain: a number for
 * EVM, the reference string otherwise.
 *
 * @example
 * chainIdOf('eip155:10') // 10
 * chainIdOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
 */
export function chainIdOf(caip2: string): number | string {
  const reference = caip2.slice(caip2.indexOf(':') + 1)
  return caip2.startsWith('eip155:') ? Number(reference) : reference
}
