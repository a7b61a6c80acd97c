import { connect, createKernel, disconnect, type Kernel, refreshBalance, switchNetwork } from 'latchkit'
import { eip1193Connector, evmAdapter } from 'latchkit/adapters/evm'
import { solanaAdapter } from 'latchkit/adapters/solana'
import { localChain, localSolana } from 'latchkit/networks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedChains, startChains } from '../../../devstack/chain.js'
import { type StartedSolanaRpc, startSolanaRpc } from '../../../devstack/solana/index.js'
import { devWalletInNode } from './support/devWalletInNode'

/**
 * A tiny EIP-1193 provider over anvil's unlocked accounts: what an injected wallet does,
 * minus the prompt.
 */
function anvilProvider(rpcUrl: string) {
  let id = 0
  return {
    async request({ method, params }: { method: string; params?: unknown }) {
      if (method === 'eth_requestAccounts') method = 'eth_accounts'
      if (method === 'wallet_revokePermissions') return null
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }),
      })
      const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
      return body.result
    },
  }
}

let chains: StartedChains
let rpc: StartedSolanaRpc
beforeAll(async () => {
  ;[chains, rpc] = await Promise.all([startChains({ chainIds: [31337] }), startSolanaRpc()])
})
afterAll(async () => {
  await Promise.all([chains?.stop(), rpc?.stop()])
})

function setup(): Kernel {
  const evm = localChain(31337, chains.chains[0]!.rpcUrl)
  const sol = localSolana(rpc.url, rpc.genesisHash)
  const dev = devWalletInNode(rpc)
  const kernel = createKernel({
    networks: [evm, sol],
    adapters: [evmAdapter({ discovery: false }), solanaAdapter({ wallets: dev.registry })],
    storage: null,
  })
  kernel.connectors.register(
    eip1193Connector({
      provider: anvilProvider(evm.rpcUrls.default.http[0]!),
      id: 'test.anvil',
      name: 'Anvil',
      type: 'EXTERNAL',
    }),
  )
  return kernel
}

describe('EVM and Solana at once', () => {
  it('connects both namespaces, each with its own account, network and balance', async () => {
    const kernel = setup()
    await connect(kernel, { connectorId: 'test.anvil' })
    await connect(kernel, { connectorId: 'solana:latch-dev-solana' })
    const { accounts, networks, connectorIds, status } = kernel.getState()
    expect(status).toBe('connected')
    expect(connectorIds).toMatchObject({ eip155: 'test.anvil', solana: 'solana:latch-dev-solana' })
    expect(accounts.eip155).toMatchObject({ status: 'connected', address: chains.accounts[0]!.address })
    expect(accounts.solana).toMatchObject({ status: 'connected', address: rpc.accounts[0]!.address })
    expect(networks.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:31337')
    expect(networks.solana?.caipNetwork?.caipNetworkId).toBe(`solana:${rpc.genesisHash.slice(0, 32)}`)
    await Promise.all([
      refreshBalance(kernel, { namespace: 'eip155', force: true }),
      refreshBalance(kernel, { namespace: 'solana', force: true }),
    ])
    expect(kernel.getState().accounts.eip155).toMatchObject({ balanceSymbol: 'ETH' })
    expect(kernel.getState().accounts.solana).toMatchObject({ balance: '100', balanceSymbol: 'SOL' })
    kernel.destroy()
  })

  it('switchNetwork moves between namespaces without dropping either connection', async () => {
    const kernel = setup()
    await connect(kernel, { connectorId: 'test.anvil' })
    await connect(kernel, { connectorId: 'solana:latch-dev-solana' })
    expect(kernel.getState().activeNamespace).toBe('solana')

    await switchNetwork(kernel, { caipNetworkId: 'eip155:31337' })
    expect(kernel.getState()).toMatchObject({ activeNamespace: 'eip155', switchingNamespace: false })
    kernel.open()
    expect(kernel.router.current()?.view).toBe('Account')
    kernel.close()

    await switchNetwork(kernel, { caipNetworkId: `solana:${rpc.genesisHash.slice(0, 32)}` })
    expect(kernel.getState().activeNamespace).toBe('solana')
    const { accounts } = kernel.getState()
    expect([accounts.eip155?.status, accounts.solana?.status]).toEqual(['connected', 'connected'])
    kernel.destroy()
  })

  it('disconnecting one namespace leaves the other connected and active', async () => {
    const kernel = setup()
    await connect(kernel, { connectorId: 'solana:latch-dev-solana' })
    await connect(kernel, { connectorId: 'test.anvil' })
    expect(kernel.getState().activeNamespace).toBe('eip155')

    await disconnect(kernel, { namespace: 'eip155' })
    const state = kernel.getState()
    expect(state.accounts.eip155?.status).toBe('disconnected')
    expect(state.accounts.solana).toMatchObject({ status: 'connected', address: rpc.accounts[0]!.address })
    expect(state).toMatchObject({ status: 'connected', activeNamespace: 'solana' })

    await disconnect(kernel, { namespace: 'solana' })
    expect(kernel.getState().status).toBe('disconnected')
    kernel.destroy()
  })
})
