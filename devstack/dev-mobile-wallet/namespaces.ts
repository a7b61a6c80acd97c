/**
 * What the wallet offers a dapp, as WalletConnect namespaces: every EVM chain with every
 * anvil account, and the local Solana cluster with the fixture keypairs. A proposal is
 * answered with the part of that it asked for (required and optional namespaces alike).
 */
import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { buildApprovedNamespaces } from '@walletconnect/utils'

/** EIP-155 methods the wallet answers. */
export const EVM_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_switchEthereumChain',
  'eth_accounts',
  'eth_chainId',
] as const

/** Solana methods the wallet answers. */
export const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_getAccounts',
  'solana_requestAccounts',
] as const

export const EVM_EVENTS = ['accountsChanged', 'chainChanged'] as const

export type SupportedNamespaces = Record<
  string,
  { chains: string[]; methods: string[]; events: string[]; accounts: string[] }
>

export interface WalletAccounts {
  /** EVM addresses, the selected one first (dapps read the first as the account). */
  evm: readonly string[]
  evmChainIds: readonly number[]
  /** Base58 Solana addresses, the selected one first. */
  solana: readonly string[]
  /** `solana:<genesis prefix>`; absent without a Solana endpoint. */
  solanaChain?: string
}

/**
 * @example
 * supportedNamespaces({ evm: ['0xf39F…'], evmChainIds: [31337], solana: [] })
 * // { eip155: { chains: ['eip155:31337'], accounts: ['eip155:31337:0xf39F…'], … } }
 */
export function supportedNamespaces(accounts: WalletAccounts): SupportedNamespaces {
  const chains = accounts.evmChainIds.map((id) => `eip155:${id}`)
  const supported: SupportedNamespaces = {
    eip155: {
      chains,
      methods: [...EVM_METHODS],
      events: [...EVM_EVENTS],
      accounts: chains.flatMap((chain) => accounts.evm.map((address) => `${chain}:${address}`)),
    },
  }
  if (accounts.solanaChain && accounts.solana.length > 0) {
    const chain = accounts.solanaChain
    supported.solana = {
      chains: [chain],
      methods: [...SOLANA_METHODS],
      events: [],
      accounts: accounts.solana.map((address) => `${chain}:${address}`),
    }
  }
  return supported
}

/**
 * The session namespaces for a proposal: what it asks for (required and optional) that
 * the wallet has. Throws when a required chain or method is not supported, so the page can
 * say why and offer only Reject.
 *
 * @example
 * const namespaces = approvedNamespaces(proposal.params, supportedNamespaces(accounts))
 * await client.approve({ id: proposal.id, namespaces })
 */
export function approvedNamespaces(
  proposal: ProposalTypes.Struct,
  supported: SupportedNamespaces,
): SessionTypes.Namespaces {
  const namespaces = buildApprovedNamespaces({ proposal, supportedNamespaces: supported })
  if (Object.keys(namespaces).length === 0) {
    throw new Error('The dapp asks for no chain this wallet has')
  }
  return namespaces
}

/** Every `namespace:reference` chain a proposal names, required or optional, for display. */
export function requestedChains(proposal: ProposalTypes.Struct): {
  namespace: string
  chains: string[]
  methods: string[]
  events: string[]
  required: boolean
}[] {
  const list = (namespaces: ProposalTypes.RequiredNamespaces | undefined, required: boolean) =>
    Object.entries(namespaces ?? {}).map(([key, value]) => ({
      namespace: key,
      chains: value.chains ?? (key.includes(':') ? [key] : []),
      methods: value.methods ?? [],
      events: value.events ?? [],
      required,
    }))
  return [...list(proposal.requiredNamespaces, true), ...list(proposal.optionalNamespaces, false)]
}
