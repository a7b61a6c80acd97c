import { ed25519 } from '@noble/curves/ed25519.js'
import { address, createSolanaRpc, getBase58Encoder } from '@solana/kit'
import {
  connect,
  createKernel,
  disconnect,
  type Kernel,
  reconnect,
  refreshBalance,
  UserRejectedRequestError,
} from 'latchkit'
import { solanaAdapter } from 'latchkit/adapters/solana'
import { createMemoryBackend } from 'latchkit/internal'
import { localSolana, solana } from 'latchkit/networks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getTokenBalances } from '../../../adapters/solana/actions/getTokenBalances'
import { type StartedSolanaRpc, solanaFixtureMints, startSolanaRpc } from '../../../devstack/solana/index.js'
import { devWalletInNode, memoryStorage } from './support/devWalletInNode'

const CONNECTOR_ID = 'solana:latch-dev-solana'
const tokens = Object.fromEntries(
  Object.values(solanaFixtureMints).map((m) => [m.address, { name: m.name, symbol: m.symbol }]),
)

let rpc: StartedSolanaRpc
beforeAll(async () => {
  rpc = await startSolanaRpc()
})
afterAll(async () => {
  await rpc?.stop()
})

function setup(
  options: {
    backend?: ReturnType<typeof createMemoryBackend>
    walletStorage?: ReturnType<typeof memoryStorage>
  } = {},
) {
  const network = localSolana(rpc.url, rpc.genesisHash)
  const dev = devWalletInNode(rpc, { storage: options.walletStorage })
  const kernel = createKernel({
    networks: [network, solana],
    defaultNetwork: network.caipNetworkId,
    adapters: [solanaAdapter({ wallets: dev.registry, tokens })],
    storage: options.backend ?? null,
  })
  return { kernel, dev, network }
}

const lamportsOf = async (owner: string) =>
  (await createSolanaRpc(rpc.url).getBalance(address(owner)).send()).value

async function tokenBalanceOf(kernel: Kernel, owner: string) {
  const network = kernel.getState().networks.solana?.caipNetwork
  if (!network) throw new Error('no network')
  const balances = await getTokenBalances(createSolanaRpc(rpc.url), { address: owner, network, tokens })
  return balances.find((b) => b.symbol === 'LUSD')?.quantity.numeric
}

describe('Solana adapter against the litesvm endpoint, through the kernel', () => {
  it('connects the dev wallet after approval, on the local network, as an eoa account', async () => {
    const { kernel, dev, network } = setup()
    const result = await connect(kernel, { connectorId: CONNECTOR_ID })
    expect(result).toMatchObject({ namespace: 'solana', chainId: network.id })
    const account = kernel.getState().accounts.solana
    expect(account).toMatchObject({
      status: 'connected',
      address: rpc.accounts[0]!.address,
      caipAddress: `${network.caipNetworkId}:${rpc.accounts[0]!.address}`,
      allAccounts: [{ address: rpc.accounts[0]!.address, type: 'eoa' }],
      preferredAccountTypes: expect.objectContaining({ solana: 'eoa' }),
    })
    expect(dev.prompts()).toBe(1)
    kernel.destroy()
  })

  it('reads SOL and SPL balances matching the seeded amounts', async () => {
    const { kernel } = setup()
    await connect(kernel, { connectorId: CONNECTOR_ID })
    await refreshBalance(kernel, { namespace: 'solana', force: true })
    expect(kernel.getState().accounts.solana).toMatchObject({ balance: '100', balanceSymbol: 'SOL' })
    const adapter = kernel.adapters.get('solana')!
    const network = kernel.getState().networks.solana!.caipNetwork!
    const balances = await adapter.getTokenBalances!({ address: rpc.accounts[1]!.address, network })
    // SOL first; the SPL entries in the order the RPC lists accounts.
    expect(balances[0]).toEqual({
      name: 'Solana',
      symbol: 'SOL',
      chainId: network.caipNetworkId,
      price: 0,
      quantity: { decimals: '9', numeric: '100' },
    })
    expect(balances).toHaveLength(3)
    expect(balances).toEqual(
      expect.arrayContaining([
        {
          name: 'Latch USD',
          symbol: 'LUSD',
          chainId: network.caipNetworkId,
          address: rpc.mint.address,
          price: 0,
          quantity: { decimals: '6', numeric: '10000' },
        },
        // Zero decimals: returned as is, for the kernel to filter as low quality.
        expect.objectContaining({ symbol: 'ZDT', quantity: { decimals: '0', numeric: '500' } }),
      ]),
    )
    kernel.destroy()
  })

  it('sends SOL between fixture accounts; balances change by the amount (and the fee)', async () => {
    const { kernel } = setup()
    await connect(kernel, { connectorId: CONNECTOR_ID })
    const [from, to] = [rpc.accounts[0]!.address, rpc.accounts[2]!.address]
    const [before, beforeTo] = [await lamportsOf(from), await lamportsOf(to)]
    const { connectorIds, networks } = kernel.getState()
    const signature = await kernel.adapters.get('solana')!.sendTransaction!({
      connector: kernel.connectors.get(connectorIds.solana!)!,
      network: networks.solana!.caipNetwork!,
      from,
      to,
      value: 250_000_000n,
      options: { preflightCommitment: 'confirmed', maxRetries: 2 },
    })
    expect(getBase58Encoder().encode(signature)).toHaveLength(64)
    expect(await lamportsOf(to)).toBe(beforeTo + 250_000_000n)
    expect(await lamportsOf(from)).toBe(before - 250_000_000n - 5000n)
    const status = await createSolanaRpc(rpc.url)
      .getSignatureStatuses([signature as never])
      .send()
    expect(status.value[0]?.err).toBeNull()
    kernel.destroy()
  })

  it('sends an SPL token, creating the receiver token account when missing', async () => {
    const { kernel } = setup()
    await connect(kernel, { connectorId: CONNECTOR_ID })
    const send = (to: string, value: bigint) => {
      const { connectorIds, networks } = kernel.getState()
      return kernel.adapters.get('solana')!.sendTransaction!({
        connector: kernel.connectors.get(connectorIds.solana!)!,
        network: networks.solana!.caipNetwork!,
        from: rpc.accounts[0]!.address,
        to,
        value,
        tokenAddress: rpc.mint.address,
      })
    }
    // A fixture account already holds LUSD: a plain TransferChecked.
    await send(rpc.accounts[3]!.address, 1_500_000n)
    expect(await tokenBalanceOf(kernel, rpc.accounts[3]!.address)).toBe('10001.5')
    // A brand-new address: its associated token account is created in the same transaction.
    const fresh = 'Hm3tTdYcWnPZjEvvcrdmXXAkMXcGTAT7kxTPLkPxQ2ou'
    expect(await tokenBalanceOf(kernel, fresh)).toBeUndefined()
    await send(fresh, 2_000_000n)
    expect(await tokenBalanceOf(kernel, fresh)).toBe('2')
    expect(await tokenBalanceOf(kernel, rpc.accounts[0]!.address)).toBe('9996.5')
    kernel.destroy()
  })

  it('estimates what a transfer costs: the fee, plus the rent of a token account it opens, and the minimum the sender keeps', async () => {
    const { kernel } = setup()
    await connect(kernel, { connectorId: CONNECTOR_ID })
    const { connectorIds, networks } = kernel.getState()
    const base = {
      connector: kernel.connectors.get(connectorIds.solana!)!,
      network: networks.solana!.caipNetwork!,
      from: rpc.accounts[0]!.address,
      value: 1n,
    }
    const estimate = kernel.adapters.get('solana')!.estimateFee!
    // The sender keeps the rent-exempt minimum of an account without data: 890,880 lamports.
    const keep = { symbol: 'SOL', minimumBalance: 890_880n }
    expect(await estimate({ ...base, to: rpc.accounts[1]!.address })).toEqual({ fee: 5000n, ...keep })
    expect(await estimate({ ...base, to: rpc.accounts[1]!.address, tokenAddress: rpc.mint.address })).toEqual(
      { fee: 5000n, ...keep },
    )
    const fresh = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
    expect(await estimate({ ...base, to: fresh, tokenAddress: rpc.mint.address })).toEqual({
      fee: 5000n + 2_039_280n,
      ...keep,
    })
    kernel.destroy()
  })

  it('signs a message the signer key verifies; a rejection is UserRejectedRequestError', async () => {
    const { kernel, dev } = setup()
    await connect(kernel, { connectorId: CONNECTOR_ID })
    const { connectorIds, networks } = kernel.getState()
    const params = {
      connector: kernel.connectors.get(connectorIds.solana!)!,
      network: networks.solana!.caipNetwork!,
      address: rpc.accounts[0]!.address,
      message: 'Sign in to Latchkit: nonce 42',
    }
    const signature = await kernel.adapters.get('solana')!.signMessage!(params)
    const base58 = getBase58Encoder()
    expect(
      ed25519.verify(
        new Uint8Array(base58.encode(signature)),
        new TextEncoder().encode(params.message),
        new Uint8Array(base58.encode(rpc.accounts[0]!.address)),
      ),
    ).toBe(true)
    dev.setPolicy('reject')
    await expect(kernel.adapters.get('solana')!.signMessage!(params)).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
    const before = await lamportsOf(rpc.accounts[1]!.address)
    await expect(
      kernel.adapters.get('solana')!.sendTransaction!({
        ...params,
        from: params.address,
        to: rpc.accounts[1]!.address,
        value: 1n,
      }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(await lamportsOf(rpc.accounts[1]!.address)).toBe(before)
    kernel.destroy()
  })

  it('a rejected connect leaves the namespace disconnected', async () => {
    const { kernel, dev } = setup()
    dev.setPolicy('reject')
    await expect(connect(kernel, { connectorId: CONNECTOR_ID })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
    expect(kernel.getState().accounts.solana?.status).toBe('disconnected')
    kernel.destroy()
  })

  it('follows account changes, reconnects silently after a reload, and disconnects', async () => {
    const backend = createMemoryBackend()
    const walletStorage = memoryStorage()
    const first = setup({ backend, walletStorage })
    await connect(first.kernel, { connectorId: CONNECTOR_ID })
    first.dev.selectAccount(rpc.accounts[1]!.address)
    expect(first.kernel.getState().accounts.solana?.address).toBe(rpc.accounts[1]!.address)
    first.kernel.destroy()

    // A "reload": new kernel, new wallet object, same storages; no prompt is shown.
    const second = setup({ backend, walletStorage })
    second.dev.setPolicy('manual')
    expect(await reconnect(second.kernel, { waitMs: 100 })).toEqual(['solana'])
    expect(second.kernel.getState().accounts.solana?.status).toBe('connected')
    expect(second.dev.prompts()).toBe(0)

    await disconnect(second.kernel, { namespace: 'solana' })
    expect(second.kernel.getState().accounts.solana?.status).toBe('disconnected')
    expect(second.dev.wallet.accounts).toEqual([]) // standard:disconnect reached the wallet
    second.kernel.destroy()
  })
})
