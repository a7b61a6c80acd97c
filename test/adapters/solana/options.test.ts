import { UserRejectedRequestError, ValidationError } from 'latchkit'
import {
  getAddressExplorerUrl,
  getTransactionExplorerUrl,
  isSolanaAddress,
  type SolanaRpc,
  toCommitment,
  toWalletError,
  walletStandardConnector,
} from 'latchkit/adapters/solana'
import { localSolana, solana, solanaDevnet, solanaTestnet } from 'latchkit/networks'
import { describe, expect, it, vi } from 'vitest'
import { sendTransaction } from '../../../adapters/solana/actions/sendTransaction'
import { fakeWallet } from './support/fakeWallets'

const FROM = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const TO = 'So11111111111111111111111111111111111111112'
const local = localSolana('http://127.0.0.1:8899', 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69Xm1ZE3MEE6JC')

/** An RPC that fails the test if anything reaches it. */
const untouchableRpc = new Proxy({} as SolanaRpc, {
  get: (_target, method) => () => {
    throw new Error(`the RPC was called (${String(method)}) before validation finished`)
  },
})

function signingWallet() {
  const signAndSendTransaction = vi.fn(async () => [{ signature: new Uint8Array(64) }])
  const wallet = fakeWallet({
    accounts: [{ address: FROM, chains: ['solana:mainnet'], features: ['solana:signAndSendTransaction'] }],
    features: {
      'standard:connect': { connect: async () => ({ accounts: [] }) },
      'solana:signAndSendTransaction': { supportedTransactionVersions: [0], signAndSendTransaction },
    },
  })
  return { wallet, signAndSendTransaction }
}

describe('Solana signAndSend options', () => {
  it.each([
    [{ preflightCommitment: 'fast' }, 'preflightCommitment'],
    [{ skipPreflight: 'yes' }, 'skipPreflight'],
    [{ maxRetries: '3' }, 'maxRetries'],
    [{ minContextSlot: null }, 'minContextSlot'],
  ])('refuses %j before the RPC or the wallet is asked', async (options, field) => {
    const { wallet, signAndSendTransaction } = signingWallet()
    const sent = sendTransaction(untouchableRpc, wallet, {
      network: solana,
      from: FROM,
      to: TO,
      value: 1n,
      options,
    })
    await expect(sent).rejects.toBeInstanceOf(ValidationError)
    await expect(sent).rejects.toMatchObject({ details: expect.stringContaining(field) })
    expect(signAndSendTransaction).not.toHaveBeenCalled()
  })

  it('refuses bad addresses and amounts before the RPC or the wallet is asked', async () => {
    const { wallet } = signingWallet()
    const send = (overrides: Record<string, unknown>) =>
      sendTransaction(untouchableRpc, wallet, {
        network: solana,
        from: FROM,
        to: TO,
        value: 1n,
        ...overrides,
      })
    await expect(send({ to: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb' })).rejects.toMatchObject({
      details: expect.stringContaining('to'),
    })
    await expect(send({ tokenAddress: 'not-a-mint' })).rejects.toBeInstanceOf(ValidationError)
    await expect(send({ value: 0n })).rejects.toBeInstanceOf(ValidationError)
    await expect(send({ value: 2n ** 64n })).rejects.toBeInstanceOf(ValidationError)
    await expect(send({ from: TO })).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' })
  })

  it('reads the legacy commitments the way nodes do', () => {
    expect(toCommitment('recent')).toBe('processed')
    expect(toCommitment('singleGossip')).toBe('confirmed')
    expect(toCommitment('single')).toBe('confirmed')
    expect(toCommitment('max')).toBe('finalized')
    expect(toCommitment('root')).toBe('finalized')
    expect(toCommitment('confirmed')).toBe('confirmed')
    expect(toCommitment(undefined)).toBeUndefined()
  })
})

describe('addresses and explorers', () => {
  it('accepts base58 32-byte keys only', () => {
    expect(isSolanaAddress(FROM)).toBe(true)
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toBe(false)
    expect(isSolanaAddress(`${FROM}1`)).toBe(false)
    expect(isSolanaAddress('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFi0')).toBe(false) // 0 is not base58
    expect(isSolanaAddress(undefined)).toBe(false)
  })

  it('links each cluster to its explorer and a local network to none', () => {
    expect(getAddressExplorerUrl(FROM, solana)).toBe(`https://solscan.io/account/${FROM}`)
    expect(getAddressExplorerUrl(FROM, solanaDevnet)).toBe(
      `https://solscan.io/account/${FROM}?cluster=devnet`,
    )
    expect(getTransactionExplorerUrl('5VER', solanaTestnet)).toBe(
      'https://solscan.io/tx/5VER?cluster=testnet',
    )
    expect(getAddressExplorerUrl(FROM, local)).toBeUndefined()
    expect(local.caipNetworkId).toBe('solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69')
  })
})

describe('Wallet Standard connector', () => {
  it('maps the ways wallets say no onto UserRejectedRequestError', () => {
    expect(toWalletError({ code: 4001, message: 'User rejected the request.' })).toBeInstanceOf(
      UserRejectedRequestError,
    )
    expect(toWalletError(new Error('Transaction cancelled'))).toBeInstanceOf(UserRejectedRequestError)
    expect(
      toWalletError(Object.assign(new Error('x'), { name: 'WalletSignTransactionError: rejected' })),
    ).toBeInstanceOf(UserRejectedRequestError)
    expect(toWalletError(new Error('Blockhash not found'))).not.toBeInstanceOf(UserRejectedRequestError)
  })

  it('lands on the requested network when the wallet lists it, else the first it does', async () => {
    const account = { address: FROM, chains: ['solana:devnet'], features: [] }
    const wallet = fakeWallet({
      chains: ['solana:devnet', 'solana:localnet'],
      features: { 'standard:connect': { connect: async () => ({ accounts: [account] }) } },
    })
    const connector = walletStandardConnector({
      wallet,
      id: 'solana:fake',
      name: 'Fake',
      networks: () => [solana, solanaDevnet, local],
    })
    expect(await connector.connect({ network: local })).toEqual({
      accounts: [{ address: FROM, type: 'eoa' }],
      chainId: local.id,
    })
    expect((await connector.connect({ network: solana })).chainId).toBe(solanaDevnet.id)
    await expect(connector.switchNetwork?.(solana)).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
    await expect(connector.switchNetwork?.(solanaDevnet)).resolves.toBeUndefined()
  })

  it('reconnects silently: exposed accounts first, then connect({ silent: true }), never a prompt', async () => {
    const connect = vi.fn(async (input?: { silent?: boolean }) => ({
      accounts: input?.silent ? [] : [{ address: FROM, chains: ['solana:mainnet'], features: [] }],
    }))
    const wallet = fakeWallet({ features: { 'standard:connect': { connect } } })
    const connector = walletStandardConnector({
      wallet,
      id: 'solana:fake',
      name: 'Fake',
      networks: () => [solana],
    })
    expect(await connector.getAuthorized?.()).toBeUndefined()
    expect(connect).toHaveBeenCalledWith({ silent: true })
    const authorized = fakeWallet({ accounts: [{ address: FROM, chains: ['solana:mainnet'], features: [] }] })
    const again = walletStandardConnector({
      wallet: authorized,
      id: 'solana:fake',
      name: 'Fake',
      networks: () => [solana],
    })
    expect(await again.getAuthorized?.()).toEqual({
      accounts: [{ address: FROM, type: 'eoa' }],
      chainId: solana.id,
    })
  })
})
