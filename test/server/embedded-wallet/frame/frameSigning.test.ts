/**
 * The frame's signing answers in node, with the anvil test mnemonic's keys: EVM messages
 * and typed data verified with viem, Solana transactions signed for the wallet's key only,
 * params refused before anything is signed, and the approval screen's words for each.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { type Hex, verifyMessage, verifyTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { deriveWalletKeys, entropyOfMnemonic } from '../../../../server/embedded-wallet/frame/keys/walletKeys'
import { describeRequest } from '../../../../server/embedded-wallet/frame/rpc/describeRequest'
import { answerEvmSigning } from '../../../../server/embedded-wallet/frame/rpc/evmRequests'
import { answerSolanaSigning } from '../../../../server/embedded-wallet/frame/rpc/solanaRequests'
import type { ServiceClient } from '../../../../server/embedded-wallet/frame/serviceClient'

const keys = deriveWalletKeys(
  entropyOfMnemonic('test test test test test test test test test test test junk'),
)
const noService = {} as ServiceClient
const evm = { privateKey: keys.evmPrivateKey, chainId: 31337, caip2: 'eip155:31337', service: noService }
const sol = {
  privateKey: keys.solanaPrivateKey,
  address: keys.addresses.solana,
  caip2: 'solana:localnet',
  service: noService,
}

async function rejection(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

const typedData = {
  domain: { name: 'Frame Test', version: '1', chainId: 31337 },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', contents: 'Hello, Bob' },
}

function unsignedTransfer(from: string, to: string, lamports: bigint): string {
  const data = new Uint8Array(12)
  data[0] = 2
  new DataView(data.buffer).setBigUint64(4, lamports, true)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 100n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: address('11111111111111111111111111111111'),
          data,
          accounts: [
            { address: address(from), role: AccountRole.WRITABLE_SIGNER },
            { address: address(to), role: AccountRole.WRITABLE },
          ],
        },
        m,
      ),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message)) as string
}

describe('EVM signing in the frame', () => {
  it('signs a text and a hex personal_sign message for its own address only', async () => {
    const own = keys.addresses.eip155 as Hex
    const text = (await answerEvmSigning({ method: 'personal_sign', params: ['hello', own] }, evm)) as Hex
    expect(await verifyMessage({ address: own, message: 'hello', signature: text })).toBe(true)
    const raw = (await answerEvmSigning(
      { method: 'personal_sign', params: ['0x68656c6c6f', own] },
      evm,
    )) as Hex
    expect(raw).toBe(text)
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(
      await rejection(() => answerEvmSigning({ method: 'personal_sign', params: ['hello', other] }, evm)),
    ).toMatchObject({
      code: 4100,
    })
    expect(
      await rejection(() => answerEvmSigning({ method: 'personal_sign', params: { message: 'x' } }, evm)),
    ).toMatchObject({
      code: -32602,
    })
  })

  it('signs eth_signTypedData_v4 given as JSON text', async () => {
    const signature = (await answerEvmSigning(
      { method: 'eth_signTypedData_v4', params: [keys.addresses.eip155, JSON.stringify(typedData)] },
      evm,
    )) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    expect(
      await verifyTypedData({
        address: keys.addresses.eip155 as Hex,
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: typedData.message,
        signature,
      }),
    ).toBe(true)
  })
})

describe('Solana signing in the frame', () => {
  it('signs a message and a transaction that names its key', async () => {
    const message = 'Hello, Solana'
    const { signature } = (await answerSolanaSigning(
      {
        method: 'solana_signMessage',
        params: { message: getBase58Decoder().decode(new TextEncoder().encode(message)) },
      },
      sol,
    )) as { signature: string }
    const publicKey = new Uint8Array(getBase58Encoder().encode(keys.addresses.solana))
    expect(
      ed25519.verify(
        new Uint8Array(getBase58Encoder().encode(signature)),
        new TextEncoder().encode(message),
        publicKey,
      ),
    ).toBe(true)

    const unsigned = unsignedTransfer(
      keys.addresses.solana,
      '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      1_000n,
    )
    const { transaction } = (await answerSolanaSigning(
      { method: 'solana_signTransaction', params: { transaction: unsigned } },
      sol,
    )) as { transaction: string }
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
    const ours = signed.signatures[address(keys.addresses.solana)]
    expect(ours).toBeTruthy()
    expect(
      ed25519.verify(new Uint8Array(ours as Uint8Array), new Uint8Array(signed.messageBytes), publicKey),
    ).toBe(true)
  })

  it('refuses a transaction that does not ask its key, and a foreign pubkey', async () => {
    const foreign = unsignedTransfer(
      '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      keys.addresses.solana,
      1_000n,
    )
    expect(
      await rejection(() =>
        answerSolanaSigning({ method: 'solana_signTransaction', params: { transaction: foreign } }, sol),
      ),
    ).toMatchObject({ code: -32602 })
    expect(
      await rejection(() =>
        answerSolanaSigning(
          {
            method: 'solana_signMessage',
            params: { message: '3yZe7d', pubkey: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
          },
          sol,
        ),
      ),
    ).toMatchObject({ code: 4100 })
  })
})

describe('the approval screen words', () => {
  it('says what each request does and shows what a person checks', () => {
    expect(describeRequest('personal_sign', ['0x68656c6c6f', keys.addresses.eip155])).toEqual({
      action: 'Sign a message',
      details: [{ label: 'Message', value: 'hello' }],
    })
    expect(describeRequest('eth_signTypedData_v4', [keys.addresses.eip155, typedData]).details).toEqual([
      { label: 'Domain', value: 'Frame Test' },
      { label: 'Type', value: 'Mail' },
      { label: 'Message', value: JSON.stringify(typedData.message, null, 2) },
    ])
    expect(
      describeRequest('eth_sendTransaction', [
        {
          from: keys.addresses.eip155,
          to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          value: '0xde0b6b3a7640000',
          data: '0x1234',
        },
      ]),
    ).toEqual({
      action: 'Send a transaction',
      details: [
        { label: 'To', value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
        { label: 'Value', value: '1 ETH' },
        { label: 'Data', value: '0x1234' },
      ],
    })
    const transfer = unsignedTransfer(
      keys.addresses.solana,
      '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      1_500_000_000n,
    )
    expect(describeRequest('solana_signAndSendTransaction', { transaction: transfer }).details).toEqual([
      { label: 'Send', value: '1.5 SOL to 9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
      { label: 'Fee payer', value: keys.addresses.solana },
    ])
    expect(describeRequest('personal_sign', 'not params')).toEqual({
      action: 'Sign a message',
      details: [{ label: 'Request', value: 'The details could not be read' }],
    })
  })
})
