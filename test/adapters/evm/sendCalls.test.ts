/**
 * sendCalls, getCallsStatus and getCapabilities against a scripted EIP-1193 wallet: the
 * EIP-5792 path (one wallet_sendCalls, its status read until done), the one-at-a-time
 * fallback for a wallet without it, and the errors (5700-5760, 4001, bad calls).
 */
import { connect, createKernel, isUserRejection, type Kernel, UserRejectedRequestError } from 'latchkit'
import {
  type Call,
  eip1193Connector,
  evmAdapter,
  getCallsStatus,
  getCapabilities,
  SendCallsError,
  sendCalls,
} from 'latchkit/adapters/evm'
import { mainnet } from 'latchkit/networks'
import { afterEach, describe, expect, it } from 'vitest'
import { ACCOUNT, type FakeProvider, fakeProvider, providerError } from './fakeProvider'

const TOKEN = '0x1111111111111111111111111111111111111111'
const ROUTER = '0x2222222222222222222222222222222222222222'
const calls: Call[] = [
  { to: TOKEN, data: '0x095ea7b3' },
  { to: ROUTER, data: '0x38ed1739', value: 5n },
]
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const receipt = (n: number, status = '0x1') => ({
  transactionHash: hashOf(n),
  status,
  blockNumber: '0x10',
  gasUsed: '0x5208',
})
const poll = { pollMs: 1, timeoutMs: 2_000 }

const kernels: Kernel[] = []
afterEach(() => {
  for (const kernel of kernels.splice(0)) kernel.destroy()
})

async function connected(provider: FakeProvider): Promise<Kernel> {
  const kernel = createKernel({
    networks: [mainnet],
    adapters: [evmAdapter({ discovery: false })],
    storage: null,
  })
  kernels.push(kernel)
  kernel.connectors.register(eip1193Connector({ provider, id: 'test.wallet', name: 'Test', type: 'CUSTOM' }))
  await connect(kernel, { connectorId: 'test.wallet' })
  provider.calls.length = 0
  return kernel
}

/** A wallet with EIP-5792: `atomic` as given, the bundle pending for `pendingReads` reads. */
function batchingWallet(atomic: string, pendingReads = 2, final: Record<string, unknown> = {}) {
  let reads = 0
  return fakeProvider({
    wallet_getCapabilities: () => ({ '0x1': { atomic: { status: atomic } } }),
    wallet_sendCalls: () => ({ id: 'bundle-1' }),
    wallet_getCallsStatus: () =>
      ++reads <= pendingReads
        ? { version: '2.0.0', id: 'bundle-1', chainId: '0x1', status: 100, atomic: false }
        : {
            version: '2.0.0',
            id: 'bundle-1',
            chainId: '0x1',
            status: 200,
            atomic: atomic === 'supported',
            receipts: [receipt(1), receipt(2)],
            ...final,
          },
  })
}

/** A wallet without EIP-5792 (4200 for its methods) that mines each transaction at once. */
function plainWallet(revertAt?: number) {
  let sent = 0
  return fakeProvider({
    eth_sendTransaction: () => hashOf(++sent),
    eth_getTransactionReceipt: ([hash]) =>
      receipt(
        Number.parseInt(String(hash), 16),
        Number.parseInt(String(hash), 16) === revertAt ? '0x0' : '0x1',
      ),
  })
}

describe('a wallet with EIP-5792', () => {
  it('asks its capabilities, sends one wallet_sendCalls (v2) and reads the status until confirmed', async () => {
    const wallet = batchingWallet('unsupported')
    const kernel = await connected(wallet)
    const sent: string[] = []
    kernel.bus.on('tx:sent', (event) => sent.push(event.hash))
    const status = await sendCalls(kernel, { calls, ...poll })
    expect(wallet.methods()).toEqual([
      'wallet_getCapabilities',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_getCallsStatus',
      'wallet_getCallsStatus',
    ])
    expect(wallet.calls[0]?.params).toEqual([ACCOUNT, ['0x1']])
    expect(wallet.calls[1]?.params).toEqual([
      {
        version: '2.0.0',
        from: ACCOUNT,
        chainId: '0x1',
        atomicRequired: false,
        calls: [
          { to: TOKEN, data: '0x095ea7b3' },
          { to: ROUTER, data: '0x38ed1739', value: '0x5' },
        ],
      },
    ])
    expect(status).toEqual({
      id: 'bundle-1',
      chainId: 1,
      status: 'success',
      statusCode: 200,
      atomic: false,
      via: 'wallet_sendCalls',
      receipts: [
        { transactionHash: hashOf(1), status: 'success', blockNumber: 16n, gasUsed: 21000n },
        { transactionHash: hashOf(2), status: 'success', blockNumber: 16n, gasUsed: 21000n },
      ],
    })
    expect(sent).toEqual([hashOf(1), hashOf(2)])
    // getCallsStatus reads the same bundle from the wallet.
    expect((await getCallsStatus(kernel, 'bundle-1')).status).toBe('success')
  })

  it('passes capabilities and atomicRequired through when the wallet is atomic', async () => {
    const wallet = batchingWallet('supported', 0)
    const kernel = await connected(wallet)
    const status = await sendCalls(kernel, {
      calls,
      atomicRequired: true,
      capabilities: { paymasterService: { url: 'https://pm.example' } },
      ...poll,
    })
    expect(wallet.calls[1]?.params).toMatchObject([
      { atomicRequired: true, capabilities: { paymasterService: { url: 'https://pm.example' } } },
    ])
    expect(status.atomic).toBe(true)
    expect(await getCapabilities(kernel)).toEqual({ atomic: { status: 'supported' } })
  })

  it("reports a reverted bundle as 'failure' with its status code", async () => {
    const kernel = await connected(
      batchingWallet('supported', 0, { status: 500, receipts: [receipt(1, '0x0')] }),
    )
    const status = await sendCalls(kernel, { calls, ...poll })
    expect(status).toMatchObject({ status: 'failure', statusCode: 500, receipts: [{ status: 'reverted' }] })
  })

  it('refuses atomicRequired with a wallet that is not atomic (5760) before sending anything', async () => {
    const wallet = batchingWallet('unsupported')
    const kernel = await connected(wallet)
    const error = await sendCalls(kernel, { calls, atomicRequired: true, ...poll }).catch((e) => e)
    expect(error).toBeInstanceOf(SendCallsError)
    expect(error).toMatchObject({
      name: 'AtomicityNotSupportedError',
      rpcCode: 5760,
      code: 'ATOMICITY_UNSUPPORTED',
    })
    expect(wallet.methods()).toEqual(['wallet_getCapabilities'])
  })

  it.each([
    [5700, 'UnsupportedCapabilityError'],
    [5710, 'UnsupportedChainIdError'],
    [5720, 'DuplicateIdError'],
    [5730, 'UnknownBundleIdError'],
    [5740, 'BundleTooLargeError'],
    [5750, 'AtomicReadyWalletRejectedUpgradeError'],
    [5760, 'AtomicityNotSupportedError'],
  ] as const)('maps the wallet refusing with %i to a SendCallsError named %s', async (code, name) => {
    const wallet = batchingWallet('ready')
    wallet.handlers.wallet_sendCalls = () => {
      throw providerError(code, 'refused')
    }
    const kernel = await connected(wallet)
    const error = await sendCalls(kernel, { calls, ...poll }).catch((e) => e)
    expect(error).toBeInstanceOf(SendCallsError)
    expect(error).toMatchObject({ name, rpcCode: code })
  })

  it('SendCallsError made by hand is one too, and nothing else is', () => {
    const made = new SendCallsError(5740, { details: '11 calls' })
    expect(made).toBeInstanceOf(SendCallsError)
    expect(made).toMatchObject({ name: 'BundleTooLargeError', rpcCode: 5740, code: 'BUNDLE_TOO_LARGE' })
    expect(new UserRejectedRequestError()).not.toBeInstanceOf(SendCallsError)
    expect({ rpcCode: 5760 }).not.toBeInstanceOf(SendCallsError)
  })

  it('a declined prompt is a UserRejectedRequestError, as everywhere else', async () => {
    const wallet = batchingWallet('unsupported')
    wallet.handlers.wallet_sendCalls = () => {
      throw providerError(4001, 'User rejected the request.')
    }
    const kernel = await connected(wallet)
    const error = await sendCalls(kernel, { calls, ...poll }).catch((e) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(isUserRejection(error)).toBe(true)
  })

  it('an unknown bundle id is 5730 from getCallsStatus', async () => {
    const wallet = batchingWallet('unsupported')
    wallet.handlers.wallet_getCallsStatus = () => {
      throw providerError(5730, 'unknown bundle')
    }
    const kernel = await connected(wallet)
    await expect(getCallsStatus(kernel, 'nope')).rejects.toMatchObject({ rpcCode: 5730 })
  })

  it('gives up with a TimeoutError when the bundle stays pending', async () => {
    const kernel = await connected(batchingWallet('unsupported', Number.POSITIVE_INFINITY))
    await expect(sendCalls(kernel, { calls, pollMs: 1, timeoutMs: 30 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    })
  })
})

describe('a wallet without EIP-5792', () => {
  it.each<[string, ((params: readonly unknown[]) => unknown) | undefined]>([
    ['4200', undefined],
    [
      '-32601',
      () => {
        throw providerError(-32601, 'Method not found')
      },
    ],
    ['no capabilities for the chain', () => ({ '0x2105': { atomic: { status: 'supported' } } })],
  ])('(%s) gets one eth_sendTransaction per call, each mined before the next', async (_, capabilities) => {
    const wallet = plainWallet()
    if (capabilities) wallet.handlers.wallet_getCapabilities = capabilities
    const kernel = await connected(wallet)
    const progress: string[] = []
    const status = await sendCalls(kernel, {
      calls,
      onProgress: ({ index, total, stage }) => progress.push(`${index + 1}/${total} ${stage}`),
      ...poll,
    })
    expect(wallet.methods().filter((m) => m !== 'eth_getTransactionReceipt')).toEqual([
      'wallet_getCapabilities',
      'eth_chainId',
      'eth_sendTransaction',
      'eth_sendTransaction',
    ])
    expect(wallet.methods().indexOf('eth_getTransactionReceipt')).toBeLessThan(
      wallet.methods().lastIndexOf('eth_sendTransaction'),
    )
    expect(wallet.calls.find((c) => c.method === 'eth_sendTransaction')?.params).toEqual([
      { from: ACCOUNT, to: TOKEN, data: '0x095ea7b3' },
    ])
    expect(progress).toEqual(['1/2 sent', '1/2 success', '2/2 sent', '2/2 success'])
    expect(status).toMatchObject({
      status: 'success',
      statusCode: 200,
      atomic: false,
      via: 'eth_sendTransaction',
      receipts: [{ transactionHash: hashOf(1) }, { transactionHash: hashOf(2) }],
    })
    expect(await getCallsStatus(kernel, status.id)).toEqual(status)
    expect(await getCapabilities(kernel)).toBeUndefined()
  })

  it('stops at a call that reverts: 500 for the first, 600 (partly done) after', async () => {
    const first = await connected(plainWallet(1))
    expect(await sendCalls(first, { calls, ...poll })).toMatchObject({ statusCode: 500, receipts: [{}] })
    const second = plainWallet(2)
    const kernel = await connected(second)
    const status = await sendCalls(kernel, { calls, ...poll })
    expect(status).toMatchObject({ status: 'failure', statusCode: 600 })
    expect(status.receipts.map((r) => r.status)).toEqual(['success', 'reverted'])
  })

  it('refuses atomicRequired (5760) and a required capability (5700) before sending anything', async () => {
    const wallet = plainWallet()
    const kernel = await connected(wallet)
    await expect(sendCalls(kernel, { calls, atomicRequired: true, ...poll })).rejects.toMatchObject({
      name: 'AtomicityNotSupportedError',
      rpcCode: 5760,
    })
    await expect(
      sendCalls(kernel, { calls, capabilities: { paymasterService: { url: 'x' } }, ...poll }),
    ).rejects.toMatchObject({ name: 'UnsupportedCapabilityError', rpcCode: 5700 })
    // An optional capability is simply not used.
    await expect(
      sendCalls(kernel, { calls, capabilities: { paymasterService: { url: 'x', optional: true } }, ...poll }),
    ).resolves.toMatchObject({ status: 'success' })
    expect(wallet.methods().filter((m) => m === 'eth_sendTransaction')).toHaveLength(2)
  })

  it('a declined second step is a UserRejectedRequestError; the first stays mined, as the status says', async () => {
    const wallet = plainWallet()
    let sent = 0
    wallet.handlers.eth_sendTransaction = () => {
      if (++sent === 2) throw providerError(4001, 'User rejected the request.')
      return hashOf(sent)
    }
    const kernel = await connected(wallet)
    const error = await sendCalls(kernel, { calls, ...poll }).catch((e) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
  })

  it('refuses a wallet on another chain (Chain mismatch)', async () => {
    const wallet = plainWallet()
    const kernel = await connected(wallet)
    wallet.handlers.eth_chainId = () => '0x2105'
    await expect(sendCalls(kernel, { calls, chainId: 1, ...poll })).rejects.toMatchObject({
      shortMessage: 'Chain mismatch',
    })
    expect(wallet.methods()).not.toContain('eth_sendTransaction')
  })
})

describe('bad calls are refused before the wallet is asked', () => {
  it.each([
    [[{ to: 'abc' }], "[0].to: must start with '0x'"],
    [[{ to: '0x1' }, { to: '0x2', data: 'beef' }], "[1].data: must start with '0x'"],
    [[], 'at least one call'],
  ])('%j', async (bad, message) => {
    const wallet = batchingWallet('supported')
    const kernel = await connected(wallet)
    const error = await sendCalls(kernel, { calls: bad as Call[], ...poll }).catch((e) => e)
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED' })
    expect(error.message).toContain(message)
    expect(wallet.calls).toEqual([])
  })

  it('needs a connected EVM account', async () => {
    const kernel = createKernel({
      networks: [mainnet],
      adapters: [evmAdapter({ discovery: false })],
      storage: null,
    })
    kernels.push(kernel)
    await expect(sendCalls(kernel, { calls })).rejects.toMatchObject({ code: 'NO_ACTIVE_CAIP_ADDRESS' })
  })
})
