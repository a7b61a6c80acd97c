/**
 * The EVM adapter against real anvil chains (31337 and 31338 with the fixture tokens),
 * driven through the kernel: connect, balance, native and ERC20 sends, switch, sign.
 */
import {
  type Connector,
  connect,
  createKernel,
  disconnect,
  type Kernel,
  refreshBalance,
  switchNetwork,
} from 'latchkit'
import { eip1193Connector, evmAdapter } from 'latchkit/adapters/evm'
import { requireAdapter } from 'latchkit/internal'
import { localChain } from 'latchkit/networks'
import {
  type Address,
  createPublicClient,
  erc20Abi,
  formatEther,
  type Hash,
  http,
  parseEther,
  verifyMessage,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedChains, startChains } from '../../../devstack/chain'
import { fixtureAccounts, fixtureContracts, fixtureTokens } from '../../../devstack/fixtures'
import { type AnvilProvider, anvilProvider } from './anvilProvider'

const sender = fixtureAccounts[0]!.address
const receiver = fixtureAccounts[1]!.address

let stack: StartedChains
let kernel: Kernel
let provider: AnvilProvider
let connector: Connector

const chain = (index: number) => stack.chains[index]!
const networkOf = (index: number) => localChain(chain(index).chainId, chain(index).rpcUrl)
const clientOf = (index: number) => createPublicClient({ transport: http(chain(index).rpcUrl) })
const tokenBalance = (index: number, owner: Address) =>
  clientOf(index).readContract({
    address: fixtureContracts.LUSD,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
const mined = (index: number, hash: Hash) => clientOf(index).waitForTransactionReceipt({ hash })
const evm = () => requireAdapter(kernel, 'eip155')

beforeAll(async () => {
  stack = await startChains()
  provider = anvilProvider(stack.chains)
  kernel = createKernel({
    networks: [networkOf(0), networkOf(1)],
    adapters: [evmAdapter({ discovery: false })],
    storage: null,
  })
  connector = eip1193Connector({ provider, id: 'dev.anvil', name: 'Anvil', type: 'CUSTOM' })
  kernel.connectors.register(connector)
})

afterAll(async () => {
  kernel?.destroy()
  await stack?.stop()
})

describe('EVM adapter on anvil', () => {
  it('connects through the kernel to anvil account 0 on chain 31337', async () => {
    const result = await connect(kernel, { connectorId: 'dev.anvil' })
    expect(result.accounts[0]).toEqual({ address: sender, type: 'eoa' })
    expect(result.chainId).toBe(31337)
    const state = kernel.getState()
    expect(state.status).toBe('connected')
    expect(state.accounts.eip155?.caipAddress).toBe(`eip155:31337:${sender}`)
  })

  it('shows the native balance anvil reports', async () => {
    await refreshBalance(kernel, { force: true })
    const onChain = await clientOf(0).getBalance({ address: sender })
    expect(kernel.getState().accounts.eip155).toMatchObject({
      balance: formatEther(onChain),
      balanceSymbol: 'ETH',
    })
  })

  it('sends ETH: the receiver gains exactly the amount, the sender pays it plus gas', async () => {
    const [senderBefore, receiverBefore] = await Promise.all([
      clientOf(0).getBalance({ address: sender }),
      clientOf(0).getBalance({ address: receiver }),
    ])
    const value = parseEther('1.5')
    const estimate = await evm().estimateFee?.({
      connector,
      network: networkOf(0),
      from: sender,
      to: receiver,
      value,
    })
    expect(estimate?.fee).toBeGreaterThan(0n)

    const hash = await evm().sendTransaction?.({
      connector,
      network: networkOf(0),
      from: sender,
      to: receiver,
      value,
    })
    const receipt = await mined(0, hash as Hash)
    expect(receipt.status).toBe('success')
    const [senderAfter, receiverAfter] = await Promise.all([
      clientOf(0).getBalance({ address: sender }),
      clientOf(0).getBalance({ address: receiver }),
    ])
    expect(receiverAfter - receiverBefore).toBe(value)
    expect(senderBefore - senderAfter).toBe(value + receipt.gasUsed * receipt.effectiveGasPrice)
  })

  it('sends the 6-decimal token with transfer(receiver, amount)', async () => {
    expect(fixtureTokens.LUSD.decimals).toBe(6)
    const [senderBefore, receiverBefore] = await Promise.all([
      tokenBalance(0, sender),
      tokenBalance(0, receiver),
    ])
    const amount = 12_500_000n // 12.5 LUSD
    const hash = await evm().sendTransaction?.({
      connector,
      network: networkOf(0),
      from: sender,
      to: receiver,
      value: amount,
      tokenAddress: fixtureContracts.LUSD,
    })
    const receipt = await mined(0, hash as Hash)
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(fixtureContracts.LUSD.toLowerCase())
    expect(await tokenBalance(0, sender)).toBe(senderBefore - amount)
    expect(await tokenBalance(0, receiver)).toBe(receiverBefore + amount)
  })

  it('refuses fees that break before anything reaches anvil', async () => {
    const asked = provider.methods.length
    await expect(
      evm().sendTransaction?.({
        connector,
        network: networkOf(0),
        from: sender,
        to: receiver,
        value: 1n,
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 2n,
      }),
    ).rejects.toMatchObject({ code: 'TIP_ABOVE_FEE_CAP' })
    expect(provider.methods.length).toBe(asked)
  })

  it('switches to chain 31338: the wallet moves to the other anvil and the kernel follows its chainChanged', async () => {
    await switchNetwork(kernel, { caipNetworkId: 'eip155:31338' })
    expect(provider.current().chainId).toBe(31338)
    expect(provider.methods).toContain('wallet_switchEthereumChain')
    const state = kernel.getState()
    expect(state.networks.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:31338')
    expect(state.accounts.eip155?.caipAddress).toBe(`eip155:31338:${sender}`)

    await refreshBalance(kernel, { force: true })
    const onChain = await clientOf(1).getBalance({ address: sender })
    expect(kernel.getState().accounts.eip155?.balance).toBe(formatEther(onChain))
  })

  it('sends on 31338 only, and refuses a send meant for 31337 while the wallet is on 31338', async () => {
    const before = await Promise.all([
      clientOf(0).getBalance({ address: receiver }),
      clientOf(1).getBalance({ address: receiver }),
    ])
    const value = parseEther('0.25')
    const hash = await evm().sendTransaction?.({
      connector,
      network: networkOf(1),
      from: sender,
      to: receiver,
      value,
    })
    await mined(1, hash as Hash)
    const after = await Promise.all([
      clientOf(0).getBalance({ address: receiver }),
      clientOf(1).getBalance({ address: receiver }),
    ])
    expect(after[0]).toBe(before[0])
    expect(after[1] - before[1]).toBe(value)

    await expect(
      evm().sendTransaction?.({ connector, network: networkOf(0), from: sender, to: receiver, value }),
    ).rejects.toMatchObject({ code: 'CHAIN_MISMATCH' })
  })

  it('signs a message that viem verifies for the connected address', async () => {
    const message = 'Sign in to Latchkit ✓'
    const signature = await evm().signMessage?.({
      connector,
      network: networkOf(1),
      address: sender,
      message,
    })
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/i)
    expect(await verifyMessage({ address: sender, message, signature: signature as Hash })).toBe(true)
    expect(await verifyMessage({ address: receiver, message, signature: signature as Hash })).toBe(false)
  })

  it('disconnects and clears the account', async () => {
    await disconnect(kernel)
    const state = kernel.getState()
    expect(state.status).toBe('disconnected')
    expect(state.accounts.eip155?.address).toBeUndefined()
    expect(provider.methods.at(-1)).toBe('wallet_revokePermissions')
  })
})
