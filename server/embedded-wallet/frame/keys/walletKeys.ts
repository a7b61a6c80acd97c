/**
 * The wallet's secret and what it derives: 16 bytes of entropy are the BIP-39 mnemonic
 * (12 words), its seed gives the EVM key at m/44'/60'/0'/0/0 (BIP-32, secp256k1) and the
 * Solana key at m/44'/501'/0'/0' (SLIP-0010, ed25519), the paths MetaMask and Phantom use,
 * so a person who exports the words finds the same accounts there.
 */
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToEntropy, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { getBase58Decoder } from '@solana/kit'
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js'
import { bytesToHex, type Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'

export const EVM_DERIVATION_PATH = "m/44'/60'/0'/0/0"
export const SOLANA_DERIVATION_PATH = "m/44'/501'/0'/0'"
/** 128 bits: a 12-word mnemonic. */
export const ENTROPY_BYTES = 16

/** The addresses a wallet derives, as the service stores them to check a later rebuild. */
export interface WalletAddresses {
  /** Checksummed 0x address. */
  eip155: string
  /** Base58 of the ed25519 public key. */
  solana: string
}

/** Keys held in the frame's memory while a request needs them; never posted anywhere. */
export interface WalletKeys {
  addresses: WalletAddresses
  evmPrivateKey: Hex
  /** The 32-byte ed25519 private key (seed) of the Solana account. */
  solanaPrivateKey: Uint8Array
}

/**
 * New wallet entropy from the platform's secure random source.
 *
 * @example const entropy = newWalletEntropy() // 16 random bytes
 */
export function newWalletEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES))
}

/**
 * Keys and addresses of the wallet whose BIP-39 entropy is `entropy`.
 *
 * @example
 * const keys = deriveWalletKeys(entropyOfMnemonic('test test test test test test test test test test test junk'))
 * keys.addresses.eip155 // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function deriveWalletKeys(entropy: Uint8Array): WalletKeys {
  const seed = mnemonicToSeedSync(entropyToMnemonic(entropy, wordlist))
  const evmKey = HDKey.fromMasterSeed(seed).derive(EVM_DERIVATION_PATH).privateKey
  if (!evmKey) throw new Error('BIP-32 derivation gave no private key')
  const evmPrivateKey = bytesToHex(evmKey)
  const solanaKey = Slip10Key.fromMasterSeed(seed).derive(SOLANA_DERIVATION_PATH)
  seed.fill(0)
  evmKey.fill(0)
  return {
    addresses: {
      eip155: privateKeyToAddress(evmPrivateKey),
      solana: getBase58Decoder().decode(solanaKey.publicKeyRaw),
    },
    evmPrivateKey,
    solanaPrivateKey: solanaKey.privateKey,
  }
}

/**
 * The entropy behind a BIP-39 English mnemonic (throws on a bad checksum or word).
 *
 * @example entropyOfMnemonic('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about') // 16 zero bytes
 */
export function entropyOfMnemonic(mnemonic: string): Uint8Array {
  return mnemonicToEntropy(mnemonic, wordlist)
}

/** True when two address sets name the same accounts (EVM compared case-insensitively). */
export function sameAddresses(a: WalletAddresses, b: WalletAddresses): boolean {
  return a.eip155.toLowerCase() === b.eip155.toLowerCase() && a.solana === b.solana
}
