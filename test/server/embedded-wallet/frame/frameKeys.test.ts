/**
 * The frame's key handling in node (WebCrypto is the same API there): derivation against
 * published vectors, the 2-of-2 splits, the password seal, the device share under a
 * non-extractable key, and the three ways to come to hold the keys.
 */
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { bytesToBase64 } from '../../../../server/embedded-wallet/frame/keys/bytes'
import {
  hasDeviceShare,
  loadDeviceShare,
  saveDeviceShare,
} from '../../../../server/embedded-wallet/frame/keys/deviceShare'
import { memoryFrameStorage } from '../../../../server/embedded-wallet/frame/keys/frameStorage'
import {
  AddressMismatchError,
  DeviceShareMissingError,
  type FrameKeyError,
  ShareMalformedError,
  WeakRecoveryPasswordError,
  WrongRecoveryPasswordError,
} from '../../../../server/embedded-wallet/frame/keys/keyErrors'
import {
  openWithPassword,
  type PasswordSealedShare,
  sealWithPassword,
} from '../../../../server/embedded-wallet/frame/keys/passwordKey'
import { combineShares, splitEntropy } from '../../../../server/embedded-wallet/frame/keys/shares'
import {
  type MadeWallet,
  makeWallet,
  recoverWallet,
  unlockWallet,
} from '../../../../server/embedded-wallet/frame/keys/wallet'
import { deriveWalletKeys, entropyOfMnemonic } from '../../../../server/embedded-wallet/frame/keys/walletKeys'

const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
// The Solana cookbook's "restore from mnemonic" vector for m/44'/501'/0'/0' (Phantom's path).
/** The error a promise rejects with; fails the test when it resolves. */
async function rejection(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

const COOKBOOK_MNEMONIC = 'neither lonely flavor argue grass remind eye tag avocado spot unusual intact'

describe('wallet keys', () => {
  it("derive anvil's first account from the test mnemonic at m/44'/60'/0'/0/0", () => {
    const keys = deriveWalletKeys(entropyOfMnemonic(ANVIL_MNEMONIC))
    expect(keys.addresses.eip155).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(keys.evmPrivateKey).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    expect(privateKeyToAccount(keys.evmPrivateKey).address).toBe(keys.addresses.eip155)
  })

  it("derive the Solana cookbook's address at m/44'/501'/0'/0' (SLIP-0010)", () => {
    const keys = deriveWalletKeys(entropyOfMnemonic(COOKBOOK_MNEMONIC))
    expect(keys.addresses.solana).toBe('5vftMkHL72JaJG6ExQfGAsT2uGVHpRR7oTNUPMs68Y2N')
    expect(keys.solanaPrivateKey).toHaveLength(32)
  })
})

describe('splits', () => {
  it('rebuild the entropy from both shares, in either order, and from no single share', async () => {
    const entropy = crypto.getRandomValues(new Uint8Array(16))
    const [first, second] = await splitEntropy(entropy)
    expect(first).not.toBe(second)
    expect(await combineShares(first, second)).toEqual(entropy)
    expect(await combineShares(second, first)).toEqual(entropy)
    // Two splits of one secret give unrelated shares: mixing them rebuilds something else.
    const [, other] = await splitEntropy(entropy)
    expect(await combineShares(first, other)).not.toEqual(entropy)
  })

  it('refuse a share that is not base64 of a 16-byte secret', async () => {
    const [first] = await splitEntropy(new Uint8Array(16).fill(7))
    expect(await rejection(() => combineShares(first, 'not base64!'))).toBeInstanceOf(ShareMalformedError)
    expect(await rejection(() => combineShares(first, bytesToBase64(new Uint8Array(9))))).toBeInstanceOf(
      ShareMalformedError,
    )
  })
})

// scrypt at N=2^17 takes seconds on a loaded machine: each sealed record is made once.
describe('password seal', () => {
  let sealed: PasswordSealedShare
  beforeAll(async () => {
    sealed = await sealWithPassword('the share', 'correct horse battery')
  })

  it('opens with the password and fails with a named error for another', async () => {
    expect(sealed.kdf).toMatchObject({ name: 'scrypt', N: 131072, r: 8, p: 1, dkLen: 32 })
    expect(await openWithPassword(sealed, 'correct horse battery')).toBe('the share')
    const error = await rejection(() => openWithPassword(sealed, 'correct horse battery!'))
    expect(error).toBeInstanceOf(WrongRecoveryPasswordError)
    expect((error as FrameKeyError).code).toBe('wrong_recovery_password')
  })

  it('refuses key derivation settings weaker than its own', async () => {
    const weak = { ...sealed, kdf: { ...sealed.kdf, N: 2 ** 10 } }
    expect(await rejection(() => openWithPassword(weak, 'correct horse battery'))).toMatchObject({
      code: 'kdf_unsupported',
    })
  })
})

describe('device share', () => {
  it('is stored sealed under a non-extractable key and read back', async () => {
    const storage = memoryFrameStorage()
    const [share] = await splitEntropy(crypto.getRandomValues(new Uint8Array(16)))
    expect(await hasDeviceShare(storage, 'user-1')).toBe(false)
    await saveDeviceShare(storage, 'user-1', share)
    expect(await hasDeviceShare(storage, 'user-1')).toBe(true)
    expect(await loadDeviceShare(storage, 'user-1')).toBe(share)
    const key = await storage.get<CryptoKey>('deviceKey')
    expect(key?.extractable).toBe(false)
    expect(await rejection(() => crypto.subtle.exportKey('raw', key as CryptoKey))).toBeInstanceOf(Error)
    // Nothing stored holds the share in the clear.
    const stored = JSON.stringify(await storage.get('deviceShare:user-1'), (_key, value) =>
      value instanceof Uint8Array ? bytesToBase64(value) : value,
    )
    expect(stored).not.toContain(share)
  })

  it('is missing for another user, and bound to its user', async () => {
    const storage = memoryFrameStorage()
    const [share] = await splitEntropy(crypto.getRandomValues(new Uint8Array(16)))
    await saveDeviceShare(storage, 'user-1', share)
    expect(await rejection(() => loadDeviceShare(storage, 'user-2'))).toBeInstanceOf(DeviceShareMissingError)
    // A sealed share moved under another user's entry does not open (the user id is bound in).
    await storage.set('deviceShare:user-2', await storage.get('deviceShare:user-1'))
    expect(await rejection(() => loadDeviceShare(storage, 'user-2'))).toBeInstanceOf(ShareMalformedError)
  })
})

describe('wallet', () => {
  let made: MadeWallet
  beforeAll(async () => {
    made = await makeWallet('correct horse battery')
  })

  it('is made, unlocked with device + auth share, and recovered with the password', async () => {
    const { upload } = made
    expect(upload.addresses).toEqual(made.keys.addresses)
    expect(upload.addresses.eip155).toMatch(/^0x[0-9a-fA-F]{40}$/)

    const unlocked = await unlockWallet({
      deviceShare: made.deviceShare,
      authShare: upload.authShare,
      addresses: upload.addresses,
    })
    expect(unlocked.evmPrivateKey).toBe(made.keys.evmPrivateKey)
    expect(unlocked.solanaPrivateKey).toEqual(made.keys.solanaPrivateKey)

    const recovered = await recoverWallet(upload, 'correct horse battery')
    expect(recovered.keys.addresses).toEqual(made.keys.addresses)
    // The new device gets its own split, which unlocks the same wallet.
    expect(recovered.deviceShare).not.toBe(made.deviceShare)
    const again = await unlockWallet({ ...recovered, addresses: upload.addresses })
    expect(again.addresses).toEqual(made.keys.addresses)
  })

  it('a wrong password fails with its named error and changes nothing', async () => {
    const before = structuredClone(made.upload)
    expect(await rejection(() => recoverWallet(made.upload, 'wrong horse battery'))).toBeInstanceOf(
      WrongRecoveryPasswordError,
    )
    expect(made.upload).toEqual(before)
  })

  it('refuses a short password and a share of another wallet', async () => {
    expect(await rejection(() => makeWallet('short'))).toBeInstanceOf(WeakRecoveryPasswordError)
    const [, foreignShare] = await splitEntropy(crypto.getRandomValues(new Uint8Array(16)))
    const error = await rejection(() =>
      unlockWallet({
        deviceShare: made.deviceShare,
        authShare: foreignShare,
        addresses: made.upload.addresses,
      }),
    )
    expect(error).toBeInstanceOf(AddressMismatchError)
  })
})
