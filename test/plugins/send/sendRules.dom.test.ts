import {
  definePlugin,
  disconnect,
  isUserRejection,
  NAME_RESOLVER_SERVICE,
  type NameResolver,
  ValidationError,
} from 'latchkit'
import { toRpcError } from 'latchkit/internal'
import { initialSendState, PENDING_TRANSACTIONS_LIMIT, type SendState, send } from 'latchkit/plugins/send'
import { describe, expect, it } from 'vitest'
import { maxSendable } from '../../../plugins/send/maxAmount'
import { prepareSend } from '../../../plugins/send/prepareSend'
import { resolveReceiver } from '../../../plugins/send/resolveReceiver'
import { sendToken } from '../../../plugins/send/sendToken'
import { sendSlice } from '../../../plugins/send/slice'
import { networkBalanceInUSD, sendableTokens, tokenAddressOf } from '../../../plugins/send/tokens'
import { describeSendError } from '../../../plugins/send/views/describeSendError'
import {
  BOB,
  BOB_BAD_CHECKSUM,
  connectWallet,
  ethBalance,
  HASH,
  LUSD_CONTRACT,
  localnet,
  lusdBalance,
  makeKernel,
} from '../helpers'

function fill(kernel: Parameters<typeof sendSlice>[0], patch: Partial<SendState>) {
  sendSlice(kernel).set((draft) => void Object.assign(draft, patch))
}

function messageOf(run: () => unknown): string | undefined {
  try {
    run()
  } catch (error) {
    return (error as Error & { shortMessage?: string }).shortMessage ?? (error as Error).message
  }
  return undefined
}

describe('what can be sent', () => {
  it('uses the token balances of the active network, else the native balance alone', () => {
    const account = { tokenBalance: [ethBalance, lusdBalance], balance: '2', balanceSymbol: 'ETH' }
    expect(sendableTokens(account, localnet).map((t) => t.symbol)).toEqual(['ETH', 'LUSD'])
    const native = sendableTokens({ tokenBalance: [], balance: '0.25', balanceSymbol: 'ETH' }, localnet)
    expect(native).toEqual([
      expect.objectContaining({ symbol: 'ETH', quantity: { decimals: '18', numeric: '0.25' } }),
    ])
    expect(
      sendableTokens({ tokenBalance: [], balance: undefined, balanceSymbol: undefined }, localnet),
    ).toEqual([])
  })

  it('takes the contract address out of a CAIP-10 id; the native currency has none', () => {
    expect(tokenAddressOf(lusdBalance)).toBe(LUSD_CONTRACT)
    expect(tokenAddressOf({ ...lusdBalance, address: LUSD_CONTRACT })).toBe(LUSD_CONTRACT)
    expect(tokenAddressOf(ethBalance)).toBeUndefined()
  })

  it('values the native balance in USD (networkBalanceInUSD)', () => {
    expect(networkBalanceInUSD([ethBalance, lusdBalance])).toBe('6000.00')
    expect(networkBalanceInUSD([lusdBalance])).toBe('0')
  })

  it('Max is the whole token balance, and the native balance less twice the fee', () => {
    const fee = { fee: 21_000n * 10n ** 9n, symbol: 'ETH', decimals: 18, minimumBalance: 0n }
    expect(maxSendable(lusdBalance, fee)).toBe('100.5')
    expect(maxSendable(ethBalance, fee)).toBe('1.999958')
    expect(maxSendable(ethBalance, undefined)).toBe('2')
    expect(maxSendable({ ...ethBalance, quantity: { decimals: '18', numeric: '0.00001' } }, fee)).toBe('0')
  })

  it("Max on the native currency also leaves the network's minimum balance (Solana's rent-exempt minimum)", () => {
    const sol = { ...ethBalance, symbol: 'SOL', quantity: { decimals: '9', numeric: '2' } }
    const fee = { fee: 5_000n, symbol: 'SOL', decimals: 9, minimumBalance: 890_880n }
    // 2 SOL less two fees (10,000 lamports) less 890,880 lamports.
    expect(maxSendable(sol, fee)).toBe('1.99909912')
  })
})

describe('prepareSend: the messages and the balance rule', () => {
  it('says exactly what is missing, in the order the rules are checked', async () => {
    const { kernel } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel, [ethBalance, lusdBalance])
    const check = () => messageOf(() => prepareSend(kernel))

    expect(check()).toBe('An amount and receiver address are required')
    fill(kernel, { sendTokenAmount: '1' })
    expect(check()).toBe('An amount and receiver address are required')
    fill(kernel, { receiverAddress: BOB, sendTokenAmount: '' })
    expect(check()).toBe('An amount and receiver address are required')
    fill(kernel, { sendTokenAmount: '0.00' })
    expect(check()).toBe('A token is required')
    fill(kernel, { token: lusdBalance })
    // A typed zero is an amount: it has its own message.
    expect(check()).toBe('Enter an amount greater than 0')
    fill(kernel, { sendTokenAmount: '0' })
    expect(check()).toBe('Enter an amount greater than 0')
    fill(kernel, { sendTokenAmount: '1' })
    expect(check()).toBeUndefined()
  })

  it("says 'Unsupported chain' when the wallet is on a network the app does not support", async () => {
    const { kernel } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel, [ethBalance])
    fill(kernel, { token: ethBalance, sendTokenAmount: '1', receiverAddress: BOB })
    kernel.store.setState((draft) => {
      draft.networks.eip155!.caipNetwork = { ...localnet, id: 9, caipNetworkId: 'eip155:9' }
    })
    expect(messageOf(() => prepareSend(kernel))).toBe('Unsupported chain')
  })

  it('refuses a broken checksum, an unreadable amount and more than the balance', async () => {
    const { kernel } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel, [ethBalance, lusdBalance])
    fill(kernel, { token: lusdBalance, sendTokenAmount: '1', receiverAddress: BOB_BAD_CHECKSUM })
    expect(messageOf(() => prepareSend(kernel))).toBe('Invalid address')
    fill(kernel, { receiverAddress: BOB.toLowerCase() }) // all lowercase carries no checksum: fine
    expect(messageOf(() => prepareSend(kernel))).toBeUndefined()
    fill(kernel, { sendTokenAmount: '1.0000001' })
    expect(messageOf(() => prepareSend(kernel))).toBe('Invalid amount')
    fill(kernel, { sendTokenAmount: '100.500001' })
    expect(messageOf(() => prepareSend(kernel))).toBe('Insufficient balance')
    fill(kernel, { sendTokenAmount: '100.5' })
    expect(prepareSend(kernel)).toMatchObject({
      value: 100_500_000n,
      tokenAddress: LUSD_CONTRACT,
      to: BOB.toLowerCase(),
    })
  })
})

describe('prepareSend: the fee and the minimum balance, once the fee is estimated', () => {
  const ethFee = { fee: 21_000n * 10n ** 9n, symbol: 'ETH', decimals: 18, minimumBalance: 0n }

  it('refuses a native send whose amount plus fee exceeds the balance, naming both', async () => {
    const { kernel } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel, [ethBalance, lusdBalance])
    const balance = kernel.getState().accounts.eip155?.balance as string
    fill(kernel, { token: ethBalance, sendTokenAmount: balance, receiverAddress: BOB })
    // Without an estimate there is nothing to check the amount against but the balance.
    expect(messageOf(() => prepareSend(kernel))).toBeUndefined()
    fill(kernel, { fee: ethFee })
    let error: unknown
    try {
      prepareSend(kernel)
    } catch (caught) {
      error = caught
    }
    expect(error).toMatchObject({
      code: 'SEND_INSUFFICIENT_FUNDS_FOR_FEE',
      shortMessage: 'Insufficient funds for the amount plus the network fee',
    })
    expect((error as { details: string }).details).toMatch(/ETH needed on .*, .* ETH available$/)
    fill(kernel, { sendTokenAmount: '0.5' })
    expect(messageOf(() => prepareSend(kernel))).toBeUndefined()
  })

  it('refuses a token send when the native balance cannot pay its fee', async () => {
    const { kernel } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel, [ethBalance, lusdBalance])
    fill(kernel, { token: lusdBalance, sendTokenAmount: '1', receiverAddress: BOB, fee: ethFee })
    expect(messageOf(() => prepareSend(kernel))).toBeUndefined()
    fill(kernel, { fee: { ...ethFee, fee: 10n ** 24n } })
    expect(messageOf(() => prepareSend(kernel))).toBe('Insufficient ETH for the network fee')
  })

  it('refuses a send that would leave less than the minimum balance the network requires', async () => {
    const { kernel } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel, [ethBalance, lusdBalance])
    const balance = kernel.getState().accounts.eip155?.balance as string
    const minimumBalance = 10n ** 15n
    fill(kernel, { token: ethBalance, sendTokenAmount: balance, receiverAddress: BOB })
    fill(kernel, { fee: { ...ethFee, fee: 0n, minimumBalance } })
    expect(messageOf(() => prepareSend(kernel))).toBe('The account must keep at least 0.001 ETH')
  })
})

describe('what a person reads when a send fails', () => {
  const t = (key: string) => (key === 'send.failed' ? 'Transaction failed' : key)

  it("keeps the catalogue message and adds the wallet's reason, cut short", () => {
    const node = { code: -32003, message: 'insufficient funds for gas * price + value' }
    expect(describeSendError(toRpcError(node), t)).toBe(
      'Transaction creation failed: insufficient funds for gas * price + value',
    )
    const long = toRpcError({ code: -32000, message: `execution reverted: ${'x'.repeat(500)}` })
    expect(describeSendError(long, t).length).toBeLessThanOrEqual(
      'Missing or invalid parameters: '.length + 120,
    )
    // Nothing to add when the wallet said only the catalogue text, or nothing.
    expect(describeSendError(toRpcError({ code: 4100 }), t)).toBe(
      'The requested method and/or account has not been authorized by the user',
    )
  })

  it("shows the send rule's own message, and 'Transaction failed' for what is not ours", () => {
    const rule = new ValidationError('Insufficient ETH for the network fee', {
      code: 'SEND_INSUFFICIENT_FUNDS_FOR_FEE',
      details: '1 ETH needed',
    })
    expect(describeSendError(rule, t)).toBe('Insufficient ETH for the network fee')
    expect(describeSendError(new Error('boom'), t)).toBe('Transaction failed')
  })
})

describe('sendToken', () => {
  it('sends base units through the adapter, tracks the transaction and clears the form', async () => {
    const { kernel, adapter } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel, [ethBalance, lusdBalance])
    const seen: string[] = []
    kernel.bus.on('tx:sent', ({ hash }) => seen.push(hash))
    fill(kernel, { token: lusdBalance, sendTokenAmount: '12.345678', receiverAddress: BOB })

    const result = await sendToken(kernel)

    expect(result).toEqual({ hash: HASH, explorerUrl: `https://scan.test/tx/${HASH}` })
    expect(adapter.sent).toEqual([
      { from: expect.any(String), to: BOB, value: 12_345_678n, tokenAddress: LUSD_CONTRACT },
    ])
    expect(seen).toEqual([HASH])
    const state = sendSlice(kernel).get()
    expect(state).toMatchObject({
      token: undefined,
      sendTokenAmount: undefined,
      receiverAddress: undefined,
      loading: false,
    })
    expect(state.pendingTransactions).toEqual([
      expect.objectContaining({
        hash: HASH,
        amount: '12.345678',
        symbol: 'LUSD',
        caipNetworkId: 'eip155:31337',
      }),
    ])
  })

  it('sends the native currency without a token address', async () => {
    const { kernel, adapter } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel)
    const [eth] = sendableTokens(kernel.getState().accounts.eip155!, localnet)
    fill(kernel, { token: eth, sendTokenAmount: '0.5', receiverAddress: BOB })
    await sendToken(kernel)
    expect(adapter.sent).toEqual([{ from: expect.any(String), to: BOB, value: 5n * 10n ** 17n }])
  })

  it('never asks the wallet for more than the balance', async () => {
    const { kernel, adapter } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel, [ethBalance])
    fill(kernel, { token: ethBalance, sendTokenAmount: '2.000000000000000001', receiverAddress: BOB })
    await expect(sendToken(kernel)).rejects.toThrow('Insufficient balance')
    expect(adapter.sent).toEqual([])
  })

  it('keeps what was typed when the wallet declines', async () => {
    const { kernel, adapter } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel, [ethBalance, lusdBalance])
    adapter.nextSend = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    fill(kernel, { token: lusdBalance, sendTokenAmount: '3', receiverAddress: BOB })
    const error = await sendToken(kernel).catch((reason: unknown) => reason)
    expect(isUserRejection(error)).toBe(true)
    expect(sendSlice(kernel).get()).toMatchObject({
      token: lusdBalance,
      sendTokenAmount: '3',
      receiverAddress: BOB,
      loading: false,
      pendingTransactions: [],
    })
  })

  it(`keeps at most ${PENDING_TRANSACTIONS_LIMIT} pending transactions, newest first`, async () => {
    const { kernel, adapter } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel, [ethBalance])
    let n = 0
    adapter.nextSend = async () => `0x${(++n).toString(16).padStart(64, '0')}`
    for (let i = 0; i < PENDING_TRANSACTIONS_LIMIT + 2; i++) {
      fill(kernel, { token: ethBalance, sendTokenAmount: '0.001', receiverAddress: BOB })
      await sendToken(kernel)
    }
    const pending = sendSlice(kernel).get().pendingTransactions
    expect(pending).toHaveLength(PENDING_TRANSACTIONS_LIMIT)
    expect(pending[0]!.hash).toBe(`0x${(PENDING_TRANSACTIONS_LIMIT + 2).toString(16).padStart(64, '0')}`)
  })
})

describe('send state resets', () => {
  it('on disconnect, pending transactions included', async () => {
    const { kernel } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel, [ethBalance])
    fill(kernel, { token: ethBalance, sendTokenAmount: '1', receiverAddress: BOB })
    await sendToken(kernel)
    fill(kernel, { sendTokenAmount: '5' })
    await disconnect(kernel)
    expect(sendSlice(kernel).get()).toEqual(initialSendState())
  })

  it('when the wallet moves to another network, but not when it repeats the same account', async () => {
    const { kernel } = makeKernel({ plugins: [send()] })
    await connectWallet(kernel, [ethBalance])
    fill(kernel, { token: ethBalance, sendTokenAmount: '1', receiverAddress: BOB })
    const caipAddress = kernel.getState().accounts.eip155!.caipAddress
    kernel.bus.emit('account:changed', { namespace: 'eip155', address: BOB, caipAddress })
    expect(sendSlice(kernel).get().sendTokenAmount).toBe('1')

    kernel.store.setState((draft) => {
      draft.accounts.eip155!.caipAddress = `eip155:31338:${BOB}`
    })
    kernel.bus.emit('network:changed', {
      namespace: 'eip155',
      caipNetworkId: 'eip155:31338',
      supported: true,
    })
    expect(sendSlice(kernel).get()).toMatchObject({ token: undefined, sendTokenAmount: undefined })
  })
})

describe('names through the nameResolver service', () => {
  const names = (table: Record<string, string>) =>
    definePlugin({
      id: 'test-names',
      setup(ctx) {
        const resolve: NameResolver = async (name, namespace) =>
          namespace === 'eip155' ? table[name] : undefined
        return ctx.services.add(NAME_RESOLVER_SERVICE, resolve)
      },
    })

  it('resolves a name when some plugin provides a resolver, and checks its answer', async () => {
    const { kernel } = makeKernel({
      plugins: [send(), names({ 'bob.latch': BOB, 'broken.latch': BOB_BAD_CHECKSUM })],
    })
    expect(await resolveReceiver(kernel, 'eip155', 'bob.latch')).toEqual({
      kind: 'name',
      name: 'bob.latch',
      address: BOB,
    })
    expect(await resolveReceiver(kernel, 'eip155', 'nobody.latch')).toEqual({
      kind: 'unknown-name',
      name: 'nobody.latch',
    })
    expect(await resolveReceiver(kernel, 'eip155', 'broken.latch')).toEqual({
      kind: 'unknown-name',
      name: 'broken.latch',
    })
    expect(await resolveReceiver(kernel, 'eip155', BOB)).toEqual({ kind: 'address', address: BOB })
    expect(await resolveReceiver(kernel, 'eip155', BOB_BAD_CHECKSUM)).toEqual({ kind: 'invalid' })
  })

  it('treats a name as not an address when no plugin provides a resolver', async () => {
    const { kernel } = makeKernel({ plugins: [send()] })
    expect(await resolveReceiver(kernel, 'eip155', 'bob.latch')).toEqual({ kind: 'invalid' })
  })

  it('reports a failed lookup apart from an unknown name', async () => {
    const failing = definePlugin({
      id: 'failing-names',
      setup: (ctx) =>
        ctx.services.add(NAME_RESOLVER_SERVICE, (async () => {
          throw new Error('offline')
        }) satisfies NameResolver),
    })
    const { kernel } = makeKernel({ plugins: [send(), failing], logger: { level: 'silent' } })
    expect(await resolveReceiver(kernel, 'eip155', 'bob.latch')).toMatchObject({
      kind: 'lookup-failed',
      name: 'bob.latch',
    })
  })
})

describe('describeFailure', () => {
  it('adds a reason only when the wallet gave one the message does not already say', async () => {
    const { describeFailure } = await import('latchkit/react/views')
    const { toRpcError } = await import('latchkit/internal')
    expect(
      describeFailure(toRpcError({ code: -32603, message: 'Internal error: the node is syncing' }), 'x'),
    ).toBe('An internal error was received: Internal error: the node is syncing')
    expect(describeFailure(toRpcError({ code: 4001, message: 'The user rejected the request.' }), 'x')).toBe(
      'User rejected the request',
    )
    const repeated = 'The requested method and/or account has not been authorized by the user.'
    expect(describeFailure(toRpcError({ code: 4100, message: repeated }), 'x')).toBe(
      'The requested method and/or account has not been authorized by the user',
    )
    expect(describeFailure(new Error('boom'), 'Something failed')).toBe('Something failed')
  })
})
