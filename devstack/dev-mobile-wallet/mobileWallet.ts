/**
 * The dev mobile wallet's logic, without any UI: a WalletConnect wallet (sign-client 2.21.8
 * on its own core, telemetry off, Verify answered locally) holding the anvil accounts and
 * the Solana fixture keypairs. Proposals and session requests wait in queues until
 * approved or rejected; the page renders the queues, and a test in Node could drive them
 * the same way.
 */
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import type { ProposalTypes, SessionTypes, SignClientTypes, Verify } from '@walletconnect/types'
import { getSdkError, parseUri } from '@walletconnect/utils'
import { type Address, getAddress, type LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type FixtureAccount, fixtureAccounts } from '../fixtures'
import { type SolanaFixtureAccount, solanaFixtureAccounts } from '../solana/fixtures'
import { MOBILE_WALLET_STORAGE_PREFIX, type MobileWalletConfig, solanaChainOf } from './config'
import { answerEvmRequest } from './evmRequests'
import { LocalVerify } from './localVerify'
import { approvedNamespaces, supportedNamespaces } from './namespaces'
import { answerSolanaRequest } from './solanaRequests'
import { errorBody, unauthorized, unknownChain, userRejected } from './walletRequestError'

export const MOBILE_WALLET_NAME = 'Latch Dev Mobile Wallet'

/** A pasted or scanned text that is not a WalletConnect v2 pairing URI. */
export class InvalidPairingUriError extends Error {
  override readonly name = 'InvalidPairingUriError'
}

export interface PendingProposal {
  id: number
  params: ProposalTypes.Struct
  /** Always UNKNOWN here: nothing is asked of a verify server. */
  verified: Verify.Context['verified']
}

export interface PendingRequest {
  id: number
  topic: string
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: string
  method: string
  params: unknown
  /** The dapp's name, from the session. */
  dappName: string
}

export interface MobileWalletSnapshot {
  proposals: readonly PendingProposal[]
  requests: readonly PendingRequest[]
  sessions: readonly SessionTypes.Struct[]
  evmAccounts: readonly Address[]
  selectedAccount: Address
  chainIds: readonly number[]
  selectedChainId: number
  solanaAccounts: readonly string[]
  /** The last thing that went wrong (a failed pairing, an answer that could not be sent). */
  error: string | undefined
}

export interface MobileWallet {
  snapshot(): MobileWalletSnapshot
  /** Pairs with a `wc:` URI; the dapp's proposal then arrives in `proposals`. */
  pair(uri: string): Promise<void>
  approveProposal(id: number): Promise<SessionTypes.Struct>
  rejectProposal(id: number): Promise<void>
  approveRequest(id: number): Promise<void>
  rejectRequest(id: number): Promise<void>
  disconnect(topic: string): Promise<void>
  /** Selects an account and tells every session (`accountsChanged`). */
  selectAccount(address: string): Promise<void>
  /** Selects a chain and tells every session that has it (`chainChanged`). */
  selectChain(chainId: number): Promise<void>
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  close(): Promise<void>
}

export interface CreateMobileWalletOptions {
  config: MobileWalletConfig & { relayUrl: string }
  /** The page's origin, as the wallet's metadata url. */
  url: string
  /** Default: the devstack's own prefix. Tests running two wallets give each its own. */
  storagePrefix?: string
  /** The SDK's key-value storage; default its own (a test in Node gives one in memory). */
  storage?: NonNullable<ConstructorParameters<typeof Core>[0]>['storage']
  evmAccounts?: readonly FixtureAccount[]
  solanaAccounts?: readonly SolanaFixtureAccount[]
}

/**
 * Checks a pasted or scanned pairing URI: `wc:<topic>@2?relay-protocol=irn&symKey=<hex>`.
 *
 * @example parsePairingUri('wc:abc@2?relay-protocol=irn&symKey=…').topic // 'abc'
 */
export function parsePairingUri(text: string): { topic: string; uri: string } {
  const uri = text.trim()
  if (!uri.startsWith('wc:')) throw new InvalidPairingUriError('A pairing URI starts with wc:')
  const parsed = parseUri(uri)
  if (parsed.version !== 2)
    throw new InvalidPairingUriError('Only WalletConnect v2 pairing URIs are supported')
  if (!parsed.topic || !/^[0-9a-f]{64}$/i.test(parsed.symKey ?? '')) {
    throw new InvalidPairingUriError('The pairing URI has no topic or no symKey')
  }
  return { topic: parsed.topic, uri }
}

/**
 * @example
 * const wallet = await createMobileWallet({ config, url: location.origin })
 * await wallet.pair(uri)
 * wallet.subscribe(() => render(wallet.snapshot()))
 */
export async function createMobileWallet(options: CreateMobileWalletOptions): Promise<MobileWallet> {
  const { config } = options
  const evmKeys = options.evmAccounts ?? fixtureAccounts
  const solanaKeys = config.solana ? (options.solanaAccounts ?? solanaFixtureAccounts) : []
  const localAccounts = new Map<string, LocalAccount>(
    evmKeys.map((key) => [key.address.toLowerCase(), privateKeyToAccount(key.privateKey)]),
  )
  const evmAddresses = evmKeys.map((key) => getAddress(key.address))
  const chainIds = config.chains.map((chain) => chain.chainId)
  const solanaChain = config.solana ? solanaChainOf(config.solana.genesisHash) : undefined

  let selectedAccount = evmAddresses[0]!
  let selectedChainId = chainIds[0]!
  let proposals: PendingProposal[] = []
  let requests: PendingRequest[] = []
  let error: string | undefined
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of [...listeners]) listener()
  }
  const fail = (reason: unknown) => {
    error = reason instanceof Error ? reason.message : String(reason)
    changed()
  }

  const core = new Core({
    projectId: config.projectId,
    relayUrl: config.relayUrl,
    customStoragePrefix: options.storagePrefix ?? MOBILE_WALLET_STORAGE_PREFIX,
    ...(options.storage ? { storage: options.storage } : {}),
    telemetryEnabled: false,
    logger: 'error',
  })
  // Before the client starts, so no request ever goes to the vendor's verify server.
  core.verify = new LocalVerify(core, core.logger, core.storage)
  const client = await SignClient.init({
    core,
    metadata: {
      name: MOBILE_WALLET_NAME,
      description: 'The devstack wallet that stands in for a phone wallet (test keys only)',
      url: options.url,
      icons: [],
    },
  })

  /** The selected account first: dapps read the first account as the connected one. */
  const orderedEvm = () => [selectedAccount, ...evmAddresses.filter((address) => address !== selectedAccount)]
  const supported = () =>
    supportedNamespaces({
      evm: orderedEvm(),
      evmChainIds: chainIds,
      solana: solanaKeys.map((key) => key.address),
      ...(solanaChain ? { solanaChain } : {}),
    })

  const accountFor = (address: string): LocalAccount => {
    const account = localAccounts.get(address.toLowerCase())
    if (!account) throw unauthorized(address)
    return account
  }

  const sessionChains = (session: SessionTypes.Struct) => session.namespaces.eip155?.chains ?? []

  /** Tells each session with an EIP-155 namespace; one session's failure does not stop the rest. */
  async function emitToSessions(name: 'accountsChanged' | 'chainChanged', data: unknown) {
    const chain = `eip155:${selectedChainId}`
    const results = await Promise.allSettled(
      client.session
        .getAll()
        .filter((session) => sessionChains(session).includes(chain))
        .map((session) => client.emit({ topic: session.topic, event: { name, data }, chainId: chain })),
    )
    const failed = results.find((result) => result.status === 'rejected')
    if (failed) fail((failed as PromiseRejectedResult).reason)
  }

  /** Rewrites each session's EIP-155 accounts with the selected one first. */
  async function updateSessionAccounts() {
    await Promise.all(
      client.session.getAll().map(async (session) => {
        const namespace = session.namespaces.eip155
        if (!namespace) return
        const accounts = namespace.chains?.flatMap((chain) =>
          orderedEvm().map((address) => `${chain}:${address}`),
        )
        if (!accounts) return
        const { acknowledged } = await client.update({
          topic: session.topic,
          namespaces: { ...session.namespaces, eip155: { ...namespace, accounts } },
        })
        await acknowledged()
      }),
    )
  }

  async function answer(request: PendingRequest): Promise<unknown> {
    const [namespace, reference] = request.chainId.split(':')
    if (namespace === 'eip155') {
      const chain = config.chains.find((candidate) => String(candidate.chainId) === reference)
      if (!chain) throw unknownChain(request.chainId)
      return answerEvmRequest(
        { method: request.method, params: request.params },
        {
          chain,
          accountFor,
          selectedAddress: () => selectedAccount,
          hasChain: (id) => chainIds.includes(id),
          switchChain: (id) => {
            selectedChainId = id
            // The request's own answer goes first; the event follows it.
            queueMicrotask(() => void emitToSessions('chainChanged', id))
          },
        },
      )
    }
    if (namespace === 'solana' && config.solana && request.chainId === solanaChain) {
      return answerSolanaRequest(
        { method: request.method, params: request.params },
        { accounts: solanaKeys, rpcUrl: config.solana.rpcUrl },
      )
    }
    throw unknownChain(request.chainId)
  }

  const respond = (
    request: PendingRequest,
    body: { result: unknown } | { error: { code: number; message: string } },
  ) => client.respond({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', ...body } })

  const removeRequest = (id: number) => {
    requests = requests.filter((request) => request.id !== id)
  }

  const onProposal = (event: SignClientTypes.EventArguments['session_proposal']) => {
    proposals = [
      ...proposals.filter((proposal) => proposal.id !== event.id),
      {
        id: event.id,
        params: event.params,
        verified: { ...event.verifyContext.verified, validation: 'UNKNOWN' },
      },
    ]
    changed()
  }
  const onRequest = (event: SignClientTypes.EventArguments['session_request']) => {
    const session = client.session.getAll().find((candidate) => candidate.topic === event.topic)
    requests = [
      ...requests,
      {
        id: event.id,
        topic: event.topic,
        chainId: event.params.chainId,
        method: event.params.request.method,
        params: event.params.request.params,
        dappName: session?.peer.metadata.name ?? '',
      },
    ]
    changed()
  }
  const onSessionGone = ({ topic }: { topic: string }) => {
    requests = requests.filter((request) => request.topic !== topic)
    changed()
  }
  const onProposalExpired = ({ id }: { id: number }) => {
    proposals = proposals.filter((proposal) => proposal.id !== id)
    changed()
  }
  const onRequestExpired = ({ id }: { id: number }) => {
    removeRequest(id)
    changed()
  }
  client.on('session_proposal', onProposal)
  client.on('session_request', onRequest)
  client.on('session_delete', onSessionGone)
  client.on('session_expire', onSessionGone)
  client.on('proposal_expire', onProposalExpired)
  client.on('session_request_expire', onRequestExpired)
  // Sessions restored from storage that the dapp updated while away.
  client.on('session_update', changed)

  const takeProposal = (id: number): PendingProposal => {
    const proposal = proposals.find((candidate) => candidate.id === id)
    if (!proposal) throw new Error(`No proposal ${id} is waiting`)
    proposals = proposals.filter((candidate) => candidate.id !== id)
    return proposal
  }
  const takeRequest = (id: number): PendingRequest => {
    const request = requests.find((candidate) => candidate.id === id)
    if (!request) throw new Error(`No request ${id} is waiting`)
    removeRequest(id)
    return request
  }

  return {
    snapshot: () => ({
      proposals,
      requests,
      sessions: client.session.getAll(),
      evmAccounts: evmAddresses,
      selectedAccount,
      chainIds,
      selectedChainId,
      solanaAccounts: solanaKeys.map((key) => key.address),
      error,
    }),
    async pair(text) {
      error = undefined
      const { uri } = parsePairingUri(text)
      try {
        await client.pair({ uri })
      } finally {
        changed()
      }
    },
    async approveProposal(id) {
      const proposal = proposals.find((candidate) => candidate.id === id)
      if (!proposal) throw new Error(`No proposal ${id} is waiting`)
      const namespaces = approvedNamespaces(proposal.params, supported())
      takeProposal(id)
      changed()
      try {
        const { acknowledged } = await client.approve({ id, namespaces })
        return await acknowledged()
      } finally {
        changed()
      }
    },
    async rejectProposal(id) {
      takeProposal(id)
      changed()
      await client.reject({ id, reason: getSdkError('USER_REJECTED') })
    },
    async approveRequest(id) {
      const request = takeRequest(id)
      changed()
      let body: { result: unknown } | { error: { code: number; message: string } }
      try {
        body = { result: await answer(request) }
      } catch (reason) {
        body = { error: errorBody(reason) }
      }
      await respond(request, body)
      changed()
    },
    async rejectRequest(id) {
      const request = takeRequest(id)
      changed()
      await respond(request, { error: errorBody(userRejected()) })
    },
    async disconnect(topic) {
      try {
        await client.disconnect({ topic, reason: getSdkError('USER_DISCONNECTED') })
      } finally {
        onSessionGone({ topic })
      }
    },
    async selectAccount(address) {
      const next = evmAddresses.find((candidate) => candidate.toLowerCase() === address.toLowerCase())
      if (!next) throw unauthorized(address)
      selectedAccount = next
      changed()
      await updateSessionAccounts()
      await emitToSessions('accountsChanged', [next])
    },
    async selectChain(chainId) {
      if (!chainIds.includes(chainId)) throw unknownChain(`eip155:${chainId}`)
      selectedChainId = chainId
      changed()
      await emitToSessions('chainChanged', chainId)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      listeners.clear()
      for (const event of [
        'session_proposal',
        'session_request',
        'session_delete',
        'session_expire',
        'proposal_expire',
        'session_request_expire',
        'session_update',
      ] as const) {
        client.removeAllListeners(event)
      }
      await core.relayer.transportClose()
    },
  }
}
