/**
 * The three ways the frame comes to hold a wallet's keys, as the embedded wallet's design
 * lays them out (Privy's on-device mode):
 * - make: new entropy, one split into a device share and an auth share, a second split into
 *   a password-sealed share and a service recovery share;
 * - unlock (a known device): device share + auth share;
 * - recover (a new device): password-opened share + service recovery share, then a fresh
 *   split for this device.
 * Every rebuild is checked against the addresses stored when the wallet was made.
 */
import { AddressMismatchError, WeakRecoveryPasswordError } from './keyErrors.js'
import { openWithPassword, type PasswordSealedShare, sealWithPassword } from './passwordKey.js'
import { combineShares, splitEntropy } from './shares.js'
import {
  deriveWalletKeys,
  newWalletEntropy,
  sameAddresses,
  type WalletAddresses,
  type WalletKeys,
} from './walletKeys.js'

export const MIN_RECOVERY_PASSWORD_LENGTH = 8

/** What the service keeps for recovery: the sealed half and the other half of that split. */
export interface RecoveryMaterial {
  recovery: PasswordSealedShare
  serverRecoveryShare: string
  addresses: WalletAddresses
}

/** A wallet just made: the keys, this device's share, and the body of `POST /v1/wallet`. */
export interface MadeWallet {
  keys: WalletKeys
  deviceShare: string
  upload: RecoveryMaterial & { authShare: string }
}

/**
 * Makes a new wallet protected by `password` (at least 8 characters).
 *
 * @example
 * const { keys, deviceShare, upload } = await makeWallet('correct horse battery')
 * await service.createWallet(upload)
 * await saveDeviceShare(storage, user.id, deviceShare)
 */
export async function makeWallet(password: string): Promise<MadeWallet> {
  if (password.length < MIN_RECOVERY_PASSWORD_LENGTH) {
    throw new WeakRecoveryPasswordError(MIN_RECOVERY_PASSWORD_LENGTH)
  }
  const entropy = newWalletEntropy()
  try {
    const keys = deriveWalletKeys(entropy)
    const [deviceShare, authShare] = await splitEntropy(entropy)
    const [passwordHalf, serverRecoveryShare] = await splitEntropy(entropy)
    const recovery = await sealWithPassword(passwordHalf, password)
    return {
      keys,
      deviceShare,
      upload: { authShare, recovery, serverRecoveryShare, addresses: keys.addresses },
    }
  } finally {
    entropy.fill(0)
  }
}

/**
 * Rebuilds the keys on a device that holds a share; throws AddressMismatchError when the
 * shares do not make the wallet whose addresses the service stored.
 *
 * @example const keys = await unlockWallet({ deviceShare, authShare, addresses })
 */
export async function unlockWallet(input: {
  deviceShare: string
  authShare: string
  addresses: WalletAddresses
}): Promise<WalletKeys> {
  return rebuild(input.deviceShare, input.authShare, input.addresses)
}

/**
 * Rebuilds the keys from the recovery material and the password, then splits the entropy
 * anew for this device. A wrong password throws WrongRecoveryPasswordError before anything
 * else happens.
 *
 * @example
 * const { keys, deviceShare, authShare } = await recoverWallet(material, password)
 * await service.addDevice({ authShare })
 * await saveDeviceShare(storage, user.id, deviceShare)
 */
export async function recoverWallet(
  material: RecoveryMaterial,
  password: string,
): Promise<{ keys: WalletKeys; deviceShare: string; authShare: string }> {
  const passwordHalf = await openWithPassword(material.recovery, password)
  const entropy = await combineShares(passwordHalf, material.serverRecoveryShare)
  try {
    const keys = deriveWalletKeys(entropy)
    if (!sameAddresses(keys.addresses, material.addresses)) throw new AddressMismatchError()
    const [deviceShare, authShare] = await splitEntropy(entropy)
    return { keys, deviceShare, authShare }
  } finally {
    entropy.fill(0)
  }
}

async function rebuild(first: string, second: string, addresses: WalletAddresses): Promise<WalletKeys> {
  const entropy = await combineShares(first, second)
  try {
    const keys = deriveWalletKeys(entropy)
    if (!sameAddresses(keys.addresses, addresses)) throw new AddressMismatchError()
    return keys
  } finally {
    entropy.fill(0)
  }
}
