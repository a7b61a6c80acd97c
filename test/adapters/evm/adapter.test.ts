import { type Connector, ValidationError } from 'latchkit'
import { eip1193Connector, evmAdapter, maxUint256 } from 'latchkit/adapters/evm'
import { base, localChain, mainnet } from 'latchkit/networks'
import { decodeFunctionData, erc20Abi, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { estimateFee } from '../../../adapters/evm/actions/estimateFee'
import { getBalance } from '../../../adapters/evm/actions/getBalance'
import { ACCOUNT, type FakeProvider, fakeProvider, OTHER_ACCOUNT } from './fakeProvider'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const HASH = `0x${'ab'.repeat(32)}`

function setup(handlers: Parameters<typeof fakeProvider>[0] = {}) {
  const provider = fakeProvider({ eth_sendTransaction: () => HASH, ...handlers })
  const connector: Connector = eip1193Connector({ provider, id: 'test', name: 'Test' })
  const adapter = evmAdapter({ discovery: false })
  return { provider, connector, adapter }
}

function sentTransaction(provider: FakeProvider) {
  const call = provider.calls.find((c) => c.method === 'eth_sendTransaction')
  return (call?.params as Record<string, string>[] | undefined)?.[0]
}

describe('sendTransaction', () => {
  it('sends native currency as { from, to, value, data: 0x }', async () => {
    const { provider, connector, adapter } = setup()
    const hash = await adapter.sendTransaction?.({
      connector,
      network: mainnet,
      from: ACCOUNT,
      to: OTHER_ACCOUNT.toLowerCase(),
      value: 10n ** 18n,
    })
    expect(hash).toBe(HASH)
    expect(provider.methods()).toEqual(['eth_chainId', 'eth_sendTransaction'])
    expect(sentTransaction(provider)).toEqual({
      from: ACCOUNT,
      to: OTHER_ACCOUNT,
      value: '0xde0b6b3a7640000',
      data: '0x',
    })
  })

  it('sends an ERC20 as transfer(receiver, amount) on the token, with value 0', async () => {
    const { provider, connector, adapter } = setup()
    await adapter.sendTransaction?.({
      connector,
      network: mainnet,
      from: ACCOUNT,
      to: OTHER_ACCOUNT,
      value: 5_000_000n,
      tokenAddress: TOKEN,
    })
    const tx = sentTransaction(provider)
    expect(tx).toMatchObject({ from: ACCOUNT, to: TOKEN, value: '0x0' })
    // transfer(address,uint256) selector, then the two 32-byte words.
    expect(tx?.data?.slice(0, 10)).toBe('0xa9059cbb')
    const decoded = decodeFunctionData({ abi: erc20Abi, data: tx?.data as `0x${string}` })
    expect(decoded).toEqual({ functionName: 'transfer', args: [OTHER_ACCOUNT, 5_000_000n] })
  })

  it('passes EIP-1559 fees through as hex', async () => {
    const { provider, connector, adapter } = setup()
    await adapter.sendTransaction?.({
      connector,
      network: mainnet,
      from: ACCOUNT,
      to: OTHER_ACCOUNT,
      value: 1n,
      maxFeePerGas: 30n,
      maxPriorityFeePerGas: 2n,
      gas: 21_000n,
    })
    expect(sentTransaction(provider)).toMatchObject({
      maxFeePerGas: '0x1e',
      maxPriorityFeePerGas: '0x2',
      gas: '0x5208',
    })
  })

  const feeCases: Array<[string, Record<string, bigint>, string]> = [
    ['gasPrice with maxFeePerGas', { gasPrice: 1n, maxFeePerGas: 2n }, 'FEE_CONFLICT'],
    ['gasPrice with maxPriorityFeePerGas', { gasPrice: 1n, maxPriorityFeePerGas: 1n }, 'FEE_CONFLICT'],
    ['maxFeePerGas above 2^256-1', { maxFeePerGas: maxUint256 + 1n }, 'FEE_CAP_TOO_HIGH'],
    ['a priority fee above the max fee', { maxFeePerGas: 1n, maxPriorityFeePerGas: 2n }, 'TIP_ABOVE_FEE_CAP'],
  ]
  it.each(feeCases)('refuses %s before the wallet is asked anything', async (_label, fees, code) => {
    const { provider, connector, adapter } = setup()
    const error = await adapter
      .sendTransaction?.({
        connector,
        network: mainnet,
        from: ACCOUNT,
        to: OTHER_ACCOUNT,
        value: 1n,
        ...fees,
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect(error).toMatchObject({ code })
    expect(provider.calls).toEqual([])
  })

  it('refuses a receiver with a broken checksum, a negative amount and a bad token, before the wallet', async () => {
    const { provider, connector, adapter } = setup()
    const send = (overrides: Record<string, unknown>) =>
      adapter.sendTransaction?.({
        connector,
        network: mainnet,
        from: ACCOUNT,
        to: OTHER_ACCOUNT,
        value: 1n,
        ...overrides,
      })
    await expect(send({ to: OTHER_ACCOUNT.replace('C8', 'c8') })).rejects.toBeInstanceOf(ValidationError)
    await expect(send({ value: -1n })).rejects.toBeInstanceOf(ValidationError)
    await expect(send({ tokenAddress: '0x1234' })).rejects.toBeInstanceOf(ValidationError)
    await expect(send({ gas: 21000 })).rejects.toBeInstanceOf(ValidationError)
    expect(provider.calls).toEqual([])
  })

  it('refuses to send when the wallet is on another chain than the network', async () => {
    const { provider, connector, adapter } = setup({ eth_chainId: () => '0x2105' })
    const error = await adapter
      .sendTransaction?.({ connector, network: mainnet, from: ACCOUNT, to: OTHER_ACCOUNT, value: 1n })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'CHAIN_MISMATCH' })
    expect(provider.methods()).toEqual(['eth_chainId'])
  })

  it('refuses an answer that is not a transaction hash', async () => {
    const { connector, adapter } = setup({ eth_sendTransaction: () => 'ok' })
    await expect(
      adapter.sendTransaction?.({ connector, network: mainnet, from: ACCOUNT, to: OTHER_ACCOUNT, value: 1n }),
    ).rejects.toBeInstanceOf(ValidationError)
  })
})

describe('signMessage', () => {
  it('asks personal_sign with the hex-encoded message and the checksummed address', async () => {
    const signature = `0x${'1b'.repeat(65)}`
    const { provider, connector, adapter } = setup({ personal_sign: () => signature })
    const result = await adapter.signMessage?.({
      connector,
      network: mainnet,
      address: ACCOUNT.toLowerCase(),
      message: 'Hello, Latchkit ✓',
    })
    expect(result).toBe(signature)
    expect(provider.calls).toEqual([
      { method: 'personal_sign', params: [toHex('Hello, Latchkit ✓'), ACCOUNT] },
    ])
  })

  it('refuses a signature that is not hex', async () => {
    const { connector, adapter } = setup({ personal_sign: () => 'signed!' })
    await expect(
      adapter.signMessage?.({ connector, network: mainnet, address: ACCOUNT, message: 'x' }),
    ).rejects.toBeInstanceOf(ValidationError)
  })

  it('says the connector is not connected when it has no EIP-1193 provider', async () => {
    const { adapter, connector } = setup()
    const bare = { ...connector, getProvider: () => undefined }
    await expect(
      adapter.signMessage?.({ connector: bare, network: mainnet, address: ACCOUNT, message: 'x' }),
    ).rejects.toMatchObject({ code: 'CONNECTOR_NOT_CONNECTED' })
  })
})

describe('reads and helpers', () => {
  it('isAddress is strict about checksums by default', () => {
    const adapter = evmAdapter({ discovery: false })
    expect(adapter.isAddress?.(ACCOUNT)).toBe(true)
    expect(adapter.isAddress?.(ACCOUNT.toLowerCase())).toBe(true)
    const broken = ACCOUNT.replace('F6F4', 'f6f4')
    expect(adapter.isAddress?.(broken)).toBe(false)
    expect(adapter.isAddress?.(broken, { strict: false })).toBe(true)
    expect(adapter.isAddress?.('0x123')).toBe(false)
  })

  it('formats a balance with the network currency', async () => {
    const rpc = fakeProvider({ eth_getBalance: () => '0x14d1120d7b160000' })
    await expect(getBalance(rpc, { address: ACCOUNT.toLowerCase(), network: base })).resolves.toEqual({
      balance: '1.5',
      symbol: 'ETH',
    })
    expect(rpc.calls).toEqual([{ method: 'eth_getBalance', params: [ACCOUNT, 'latest'] }])
    const broken = fakeProvider({ eth_getBalance: () => 12 })
    await expect(getBalance(broken, { address: ACCOUNT, network: base })).rejects.toBeInstanceOf(
      ValidationError,
    )
  })

  it('estimates a fee as gas times gas price, refusing bad fees first', async () => {
    const rpc = fakeProvider({ eth_estimateGas: () => '0x5208', eth_gasPrice: () => '0x3' })
    const parameters = { network: mainnet, from: ACCOUNT, to: OTHER_ACCOUNT, value: 1n }
    await expect(estimateFee(rpc, parameters)).resolves.toEqual({ fee: 63_000n, symbol: 'ETH' })
    expect(rpc.calls).toContainEqual({
      method: 'eth_estimateGas',
      params: [{ from: ACCOUNT, to: OTHER_ACCOUNT, value: '0x1', data: '0x' }],
    })
    const asked = rpc.calls.length
    await expect(estimateFee(rpc, { ...parameters, gasPrice: 1n, maxFeePerGas: 1n })).rejects.toMatchObject({
      code: 'FEE_CONFLICT',
    })
    expect(rpc.calls).toHaveLength(asked)
  })

  it('says which network lacks an RPC URL', async () => {
    const adapter = evmAdapter({ discovery: false })
    const noRpc = { ...mainnet, rpcUrls: { default: { http: [] } } }
    await expect(adapter.getBalance?.({ address: ACCOUNT, network: noRpc })).rejects.toMatchObject({
      code: 'NO_ACTIVE_CAIP_NETWORK',
    })
  })

  it('builds explorer URLs from the network, none for a chain without an explorer', () => {
    const adapter = evmAdapter({ discovery: false })
    expect(adapter.getAddressExplorerUrl?.(ACCOUNT, mainnet)).toBe(`https://etherscan.io/address/${ACCOUNT}`)
    expect(adapter.getTransactionExplorerUrl?.(HASH, base)).toBe(`https://basescan.org/tx/${HASH}`)
    const trailing = { ...mainnet, blockExplorers: { default: { name: 'X', url: 'https://x.example/' } } }
    expect(adapter.getTransactionExplorerUrl?.(HASH, trailing)).toBe(`https://x.example/tx/${HASH}`)
    expect(
      adapter.getAddressExplorerUrl?.(ACCOUNT, localChain(31337, 'http://127.0.0.1:8545')),
    ).toBeUndefined()
  })
})
