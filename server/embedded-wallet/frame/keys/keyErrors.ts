/**
 * Why the frame could not make, unlock or recover a wallet. Each has a stable `code` so the
 * frame can answer the widget with a message a person understands and a test can tell them
 * apart without reading prose. None of them carries a share, a key or a password.
 */
export type FrameKeyErrorCode =
  | 'wrong_recovery_password'
  | 'weak_recovery_password'
  | 'address_mismatch'
  | 'device_share_missing'
  | 'share_malformed'
  | 'kdf_unsupported'

export class FrameKeyError extends Error {
  override name = 'FrameKeyError'
  readonly code: FrameKeyErrorCode
  constructor(code: FrameKeyErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}

/** The recovery password did not open the recovery share (AES-GCM refused it). */
export class WrongRecoveryPasswordError extends FrameKeyError {
  override name = 'WrongRecoveryPasswordError'
  constructor() {
    super('wrong_recovery_password', 'The recovery password is not correct')
  }
}

/** A new recovery password that is too short to set. */
export class WeakRecoveryPasswordError extends FrameKeyError {
  override name = 'WeakRecoveryPasswordError'
  constructor(minimum: number) {
    super('weak_recovery_password', `The recovery password needs at least ${minimum} characters`)
  }
}

/**
 * The secret rebuilt from two shares derives other addresses than the ones stored when the
 * wallet was made: a share is corrupt or belongs to another split.
 */
export class AddressMismatchError extends FrameKeyError {
  override name = 'AddressMismatchError'
  constructor() {
    super('address_mismatch', 'The rebuilt wallet does not match this account')
  }
}

/** This device holds no device share for the user (storage cleared or a new device). */
export class DeviceShareMissingError extends FrameKeyError {
  override name = 'DeviceShareMissingError'
  constructor() {
    super('device_share_missing', 'This device holds no key share for this account')
  }
}

/** A share, ciphertext or key derivation record that is not what this frame writes. */
export class ShareMalformedError extends FrameKeyError {
  override name = 'ShareMalformedError'
  constructor(what: string, options?: { cause?: unknown }) {
    super('share_malformed', `${what} is not a share this wallet can read`, options)
  }
}
