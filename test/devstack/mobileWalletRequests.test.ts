/**
 * The dev mobile wallet's answers, without the relay: each request handler against a real
 * anvil and the local Solana endpoint, the namespaces a proposal is approved with, pairing
 * URI checks and QR pictures read by the `qr` decoder.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import {
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getTransactionDecoder,
  type Signature,
} from '@solana/kit'
import type { ProposalTypes } from '@walletconnect/types'
import encodeQR from 'qr'
import {
  type Address,
  createPublicClient,
  http,
  type LocalAccount,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartedChains, startChains } from '../../devstack/chain.js'
import { answerEvmRequest, type EvmRequestContext } from '../../devstack/dev-mobile-wallet/evmRequests.js'
import { InvalidPairingUriError, parsePairingUri } from '../../devstack/dev-mobile-wallet/mobileWallet.js'
import { approvedNamespaces, supportedNamespaces } from '../../devstack/dev-mobile-wallet/namespaces.js'
import { decodeQrPixels, NoQrCodeError } from '../../devstack/dev-mobile-wallet/scanQr.js'
import { answerSolanaRequest } from '../../devstack/dev-mobile-wallet/solanaRequests.js'
import { WalletRequestError } from '../../devstack/dev-mobile-wallet/walletRequestError.js'
import { fixtureAccounts } from '../../devstack/fixtures.js'
import { type StartedSolanaRpc, startSolanaRpc } from '../../devstack/solana/index.js'
import { unsignedSolanaTransfer } from './helpers/solanaTransfer.js'

let chains: StartedChains
let solana: StartedSolanaRpc
beforeAll(async () => {
  // Its own chains: this file sends transactions, the shared ones stay as the fixtures left them.
  ;[chains, solana] = await Promise.all([startChains({ chainIds: [31337, 31338] }), startSolanaRpc()])
})
afterAll(async () => {
  await Promise.allSettled([chains?.stop(), solana?.stop()])
})

const signer = fixtureAccounts[2]!
const local = privateKeyToAccount(signer.privateKey)
const stranger = '0x0000000000000000000000000000000000000bad'

function evmContext(chainId = 31337): EvmRequestContext & { switched: number[] } {
  const chain = chains.chains.find((candidate) => candidate.chainId === chainId)!
  const switched: number[] = []
  return {
    switched,
    chain: { chainId, name: `Local ${chainId}`, rpcUrl: chain.rpcUrl },
    accountFor: (address: string): LocalAccount => {
      if (address.toLowerCase() !== signer.address.toLowerCase()) {
        throw new WalletRequestError(4100, `${address} is not an account of this wallet`)
      }
      return local
    },
    selectedAddress: () => signer.address,
    hasChain: (id) => id === 31337 || id === 31338,
    switchChain: (id) => switched.push(id),
  }
}

const codeOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(WalletRequestError)
  return (error as WalletRequestError).code
}

describe('EIP-155 requests', () => {
  it('personal_sign signs hex and plain messages that viem verifies', async () => {
    const hexSignature = await answerEvmRequest(
      { method: 'personal_sign', params: ['0x68656c6c6f', signer.address] },
      evmContext(),
    )
    expect(
      await verifyMessage({ address: signer.address, message: 'hello', signature: hexSignature as never }),
    ).toBe(true)
    const plain = await answerEvmRequest(
      { method: 'personal_sign', params: ['hi there', signer.address] },
      evmContext(),
    )
    expect(
      await verifyMessage({ address: signer.address, message: 'hi there', signature: plain as never }),
    ).toBe(true)
  })

  it('eth_signTypedData_v4 signs JSON typed data (with its EIP712Domain type) that viem verifies', async () => {
    const typedData = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'gm' },
    } as const
    const signature = await answerEvmRequest(
      { method: 'eth_signTypedData_v4', params: [signer.address, JSON.stringify(typedData)] },
      evmContext(),
    )
    const { EIP712Domain: _, ...types } = typedData.types
    expect(
      await verifyTypedData({ ...typedData, types, address: signer.address, signature: signature as never }),
    ).toBe(true)
  })

  it('eth_sendTransaction signs locally and sends to the chain: the hash is mined', async () => {
    const context = evmContext(31338)
    const hash = (await answerEvmRequest(
      {
        method: 'eth_sendTransaction',
        params: [{ from: signer.address, to: fixtureAccounts[3]!.address, value: '0x2386f26fc10000' }],
      },
      context,
    )) as `0x${string}`
    const client = createPublicClient({ transport: http(context.chain.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(signer.address.toLowerCase())
    const tx = await client.getTransaction({ hash })
    expect(tx.value).toBe(parseEther('0.01'))
    expect(tx.chainId).toBe(31338)
  })

  it('eth_signTransaction answers a raw transaction signed by the account, not sent', async () => {
    const raw = (await answerEvmRequest(
      { method: 'eth_signTransaction', params: [{ from: signer.address, to: stranger, value: '0x1' }] },
      evmContext(),
    )) as `0x${string}`
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(signer.address)
    expect(parseTransaction(raw).chainId).toBe(31337)
  })

  it('answers eth_accounts, eth_chainId and wallet_switchEthereumChain; 4902 for an unknown chain', async () => {
    const context = evmContext(31338)
    expect(await answerEvmRequest({ method: 'eth_accounts' }, context)).toEqual([signer.address])
    expect(await answerEvmRequest({ method: 'eth_chainId' }, context)).toBe('0x7a6a')
    expect(
      await answerEvmRequest(
        { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] },
        context,
      ),
    ).toBeNull()
    expect(context.switched).toEqual([31337])
    expect(
      await codeOf(
        answerEvmRequest({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }, context),
      ),
    ).toBe(4902)
  })

  it('refuses an account it does not hold (4100), bad parameters (-32602) and unknown methods (4200)', async () => {
    expect(
      await codeOf(answerEvmRequest({ method: 'personal_sign', params: ['0x00', stranger] }, evmContext())),
    ).toBe(4100)
    expect(await codeOf(answerEvmRequest({ method: 'personal_sign', params: 'nope' }, evmContext()))).toBe(
      -32602,
    )
    expect(
      await codeOf(
        answerEvmRequest(
          { method: 'eth_sendTransaction', params: [{ from: signer.address, to: 'x' }] },
          evmContext(),
        ),
      ),
    ).toBe(-32602)
    expect(await codeOf(answerEvmRequest({ method: 'eth_sign', params: [] }, evmContext()))).toBe(4200)
  })
})

describe('Solana requests', () => {
  const context = () => ({ accounts: solana.accounts, rpcUrl: solana.url })
  const base58 = getBase58Encoder()
  const bytes = (value: ArrayLike<number>) => new Uint8Array(value)

  it('solana_signMessage answers a base58 ed25519 signature of the message', async () => {
    const [account] = solana.accounts
    const message = new TextEncoder().encode('Sign in to Latch')
    const { signature } = (await answerSolanaRequest(
      {
        method: 'solana_signMessage',
        params: { message: getBase58Decoder().decode(message), pubkey: account!.address },
      },
      context(),
    )) as { signature: string }
    expect(
      ed25519.verify(bytes(base58.encode(signature)), message, bytes(base58.encode(account!.address))),
    ).toBe(true)
  })

  it('solana_signTransaction signs for the fee payer; solana_signAndSendTransaction lands on the endpoint', async () => {
    const from = solana.accounts[1]!.address
    const to = solana.accounts[2]!.address
    const signed = (await answerSolanaRequest(
      {
        method: 'solana_signTransaction',
        params: { transaction: await unsignedSolanaTransfer(solana.url, from, to, 5n) },
      },
      context(),
    )) as { signature: string; transaction: string }
    const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(signed.transaction))
    const signatureBytes = (decoded.signatures as Record<string, Uint8Array>)[from]!
    expect(
      ed25519.verify(signatureBytes, new Uint8Array(decoded.messageBytes), bytes(base58.encode(from))),
    ).toBe(true)

    const rpc = createSolanaRpc(solana.url)
    const before = (await rpc.getBalance(to as never).send()).value
    const { signature } = (await answerSolanaRequest(
      {
        method: 'solana_signAndSendTransaction',
        params: { transaction: await unsignedSolanaTransfer(solana.url, from, to, 1_000n) },
      },
      context(),
    )) as { signature: string }
    const statuses = await rpc.getSignatureStatuses([signature as Signature]).send()
    expect(statuses.value[0]?.err ?? null).toBeNull()
    expect((await rpc.getBalance(to as never).send()).value).toBe(before + 1_000n)
  })

  it('refuses a pubkey it does not hold and a transaction that is not base64', async () => {
    const stranger = '11111111111111111111111111111111'
    expect(
      await codeOf(
        answerSolanaRequest(
          { method: 'solana_signMessage', params: { message: '3yZe7d', pubkey: stranger } },
          context(),
        ),
      ),
    ).toBe(4100)
    expect(
      await codeOf(
        answerSolanaRequest({ method: 'solana_signTransaction', params: { transaction: '***' } }, context()),
      ),
    ).toBe(-32602)
  })
})

describe('session namespaces', () => {
  const supported = supportedNamespaces({
    evm: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address],
    evmChainIds: [31337, 31338],
    solana: ['Sol1111111111111111111111111111111111111111'],
    solanaChain: 'solana:abc',
  })
  const proposal = (required: ProposalTypes.RequiredNamespaces, optional: ProposalTypes.OptionalNamespaces) =>
    ({
      id: 1,
      expiryTimestamp: 0,
      relays: [{ protocol: 'irn' }],
      proposer: { publicKey: '00', metadata: { name: 'dapp', description: '', url: 'http://x', icons: [] } },
      requiredNamespaces: required,
      optionalNamespaces: optional,
      pairingTopic: 't',
    }) as ProposalTypes.Struct

  it('approves the requested chains the wallet has, required and optional, with an account on each', () => {
    const namespaces = approvedNamespaces(
      proposal(
        {},
        {
          eip155: {
            chains: ['eip155:31338', 'eip155:1'],
            methods: ['personal_sign', 'eth_sign'],
            events: ['chainChanged'],
          },
          solana: { chains: ['solana:abc'], methods: ['solana_signMessage'], events: [] },
        },
      ),
      supported,
    )
    expect(namespaces.eip155).toEqual({
      chains: ['eip155:31338'],
      methods: ['personal_sign'],
      events: ['chainChanged'],
      accounts: ['eip155:31338:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    })
    expect(namespaces.solana?.accounts).toEqual(['solana:abc:Sol1111111111111111111111111111111111111111'])
  })

  it('throws when a required chain is not the wallet’s', () => {
    expect(() =>
      approvedNamespaces(
        proposal({ eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] } }, {}),
        supported,
      ),
    ).toThrow()
  })
})

describe('pairing input', () => {
  const uri = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}&expiryTimestamp=9999999999`

  it('accepts a v2 pairing URI and names what is wrong with anything else', () => {
    expect(parsePairingUri(`  ${uri} `).topic).toBe('a'.repeat(64))
    expect(() => parsePairingUri('https://example.com')).toThrow(InvalidPairingUriError)
    expect(() => parsePairingUri(`wc:${'a'.repeat(64)}@1?bridge=x&key=y`)).toThrow(InvalidPairingUriError)
    expect(() => parsePairingUri(`wc:${'a'.repeat(64)}@2?relay-protocol=irn`)).toThrow(/symKey/)
  })

  it('reads the URI from a QR picture, and says so when there is none', () => {
    const modules = encodeQR(uri, 'raw', { ecc: 'medium' })
    const scale = 4
    const quiet = 4
    const size = (modules.length + quiet * 2) * scale
    const data = new Uint8ClampedArray(size * size * 4).fill(255)
    for (const [y, row] of modules.entries()) {
      for (const [x, dark] of row.entries()) {
        if (!dark) continue
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const offset = (((y + quiet) * scale + dy) * size + (x + quiet) * scale + dx) * 4
            data[offset] = data[offset + 1] = data[offset + 2] = 0
          }
        }
      }
    }
    expect(decodeQrPixels({ width: size, height: size, data })).toBe(uri)
    expect(() =>
      decodeQrPixels({ width: 64, height: 64, data: new Uint8ClampedArray(64 * 64 * 4).fill(255) }),
    ).toThrow(NoQrCodeError)
  })
})
