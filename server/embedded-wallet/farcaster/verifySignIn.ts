/**
 * Sign In With Farcaster, verified on the server: the SIWE message a Farcaster app signed
 * (statement 'Farcaster Auth', chain id 10, one `farcaster://fid/<fid>` resource) is checked
 * with `@farcaster/auth-client` (message shape, domain, nonce, times, signature, and
 * `idOf(signer) == fid` on the Id Registry), and then, read once more from the same registry,
 * `custodyOf(fid) == signer`: only the fid's custody key may sign in as that fid.
 * Auth addresses (keys a fid delegates through the Key Registry) are not accepted.
 *
 * The RPC is configuration; it must serve chain id 10 (Optimism, or a local chain 10 with the
 * registry at its canonical address).
 */
import { createAppClient, viemConnector } from '@farcaster/auth-client'
import { type Address, createPublicClient, getAddress, type Hex, http, isAddressEqual } from 'viem'
import { parseSiweMessage } from 'viem/siwe'

/** The Id Registry on Optimism (and on a local chain 10). */
export const FARCASTER_ID_REGISTRY: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** Optimism's chain id, which every Sign In With Farcaster message names. */
export const FARCASTER_CHAIN_ID = 10

const idRegistryAbi = [
  {
    type: 'function',
    name: 'custodyOf',
    stateMutability: 'view',
    inputs: [{ name: 'fid', type: 'uint256' }],
    outputs: [{ name: 'custody', type: 'address' }],
  },
] as const

/** Why a sign-in was refused; `code` is for code, `message` for people. */
export type FarcasterSignInErrorCode =
  /** The message is not a Sign In With Farcaster message. */
  | 'INVALID_MESSAGE'
  /** The message's domain is not the one this server expects. */
  | 'WRONG_DOMAIN'
  /** The message's nonce is not the one this server issued. */
  | 'WRONG_NONCE'
  /** The message's expiration time has passed, or its not-before time has not come. */
  | 'EXPIRED'
  /** The message names another fid than the one claimed. */
  | 'WRONG_FID'
  /** The signature does not recover to the message's address. */
  | 'BAD_SIGNATURE'
  /** The signer is not the fid's custody address on the Id Registry. */
  | 'NOT_CUSTODY'
  /** The RPC did not answer, or serves another chain than 10. */
  | 'CHAIN_UNAVAILABLE'

/** A refused Farcaster sign-in. */
export class FarcasterSignInError extends Error {
  override readonly name = 'FarcasterSignInError'
  constructor(
    readonly code: FarcasterSignInErrorCode,
    message: string,
  ) {
    super(message)
  }
}

export type VerifyFarcasterSignInArgs = {
  /** The SIWE message text the Farcaster app signed (the relay's `message`). */
  message: string
  /** Its signature (the relay's `signature`). */
  signature: Hex
  /** The fid the relay reported; must be the one in the message's resources. */
  fid: number
  /** The domain this server expects in the message (the channel's `domain`). */
  domain: string
  /** The nonce this server issued for the channel. */
  nonce: string
  /** An RPC for chain id 10. */
  rpcUrl: string
}

export type FarcasterSignIn = {
  fid: number
  /** The fid's custody address, which signed the message. */
  custody: Address
}

/**
 * Verifies a signed Sign In With Farcaster message and answers the fid and its custody
 * address, or throws a {@link FarcasterSignInError}.
 *
 * @example
 * const { fid, custody } = await verifyFarcasterSignIn({
 *   message: status.message, signature: status.signature, fid: status.fid,
 *   domain: 'app.example', nonce: channel.nonce, rpcUrl: 'https://mainnet.optimism.io',
 * })
 */
export async function verifyFarcasterSignIn(args: VerifyFarcasterSignInArgs): Promise<FarcasterSignIn> {
  const { message, signature, fid, domain, nonce, rpcUrl } = args
  if (!Number.isSafeInteger(fid) || fid <= 0) {
    throw new FarcasterSignInError('WRONG_FID', 'The fid is not a positive integer')
  }
  let parsed: ReturnType<typeof parseSiweMessage>
  try {
    parsed = parseSiweMessage(message)
  } catch {
    parsed = {}
  }
  // viem's parser reads what it can and throws on little, so a message without the fields
  // every SIWE message has is told apart here, before its domain or nonce is compared.
  const { address, chainId: messageChainId, uri, version } = parsed
  if (
    !parsed.domain ||
    !address ||
    !parsed.nonce ||
    !uri ||
    version !== '1' ||
    messageChainId === undefined
  ) {
    throw new FarcasterSignInError('INVALID_MESSAGE', 'The message is not a SIWE message')
  }
  // Told apart here so the caller gets a precise code; the auth client checks them again.
  if (parsed.domain !== domain) {
    throw new FarcasterSignInError('WRONG_DOMAIN', 'The message is for another domain')
  }
  if (parsed.nonce !== nonce) {
    throw new FarcasterSignInError('WRONG_NONCE', 'The message carries another nonce')
  }
  const now = Date.now()
  if (
    (parsed.expirationTime && parsed.expirationTime.getTime() <= now) ||
    (parsed.notBefore && parsed.notBefore.getTime() > now)
  ) {
    throw new FarcasterSignInError('EXPIRED', 'The message is expired or not valid yet')
  }
  const fidResources = (parsed.resources ?? []).filter((r) => /^farcaster:\/\/fid\//.test(r))
  if (fidResources.length !== 1 || !new RegExp(`^farcaster://fid/${fid}/?$`).test(fidResources[0] ?? '')) {
    throw new FarcasterSignInError('WRONG_FID', 'The message does not name this fid')
  }

  const transport = http(rpcUrl, { retryCount: 1, timeout: 10_000 })
  const chainClient = createPublicClient({ transport })
  let chainId: number
  try {
    chainId = await chainClient.getChainId()
  } catch {
    throw new FarcasterSignInError('CHAIN_UNAVAILABLE', 'The chain RPC did not answer')
  }
  if (chainId !== FARCASTER_CHAIN_ID) {
    throw new FarcasterSignInError('CHAIN_UNAVAILABLE', `The RPC serves chain ${chainId}, not 10`)
  }

  const client = createAppClient({ ethereum: viemConnector({ rpcUrl }) })
  const result = await client.verifySignInMessage({
    message,
    signature,
    domain,
    nonce,
    acceptAuthAddress: false,
  })
  if (result.isError) {
    const error = result.error
    const text = error?.message ?? ''
    if (error?.errCode === 'bad_request.validation_failure') {
      throw new FarcasterSignInError(
        'INVALID_MESSAGE',
        'The message is not a valid Sign In With Farcaster message',
      )
    }
    if (error?.errCode === 'unavailable') {
      throw new FarcasterSignInError('CHAIN_UNAVAILABLE', 'The Id Registry could not be read')
    }
    if (/does not own fid|not an auth address or owner/.test(text)) {
      throw new FarcasterSignInError('NOT_CUSTODY', `The signer is not the custody address of fid ${fid}`)
    }
    // viem's SIWE check also refuses expired and not-yet-valid messages as a failed verify.
    throw new FarcasterSignInError(
      'BAD_SIGNATURE',
      'The signature or the message validity does not check out',
    )
  }
  if (result.fid !== fid) {
    throw new FarcasterSignInError('WRONG_FID', 'The message does not name this fid')
  }

  const signer = getAddress(result.data.address)
  let custody: Address
  try {
    custody = await chainClient.readContract({
      address: FARCASTER_ID_REGISTRY,
      abi: idRegistryAbi,
      functionName: 'custodyOf',
      args: [BigInt(fid)],
    })
  } catch {
    throw new FarcasterSignInError('CHAIN_UNAVAILABLE', 'The Id Registry could not be read')
  }
  if (!isAddressEqual(custody, signer)) {
    throw new FarcasterSignInError('NOT_CUSTODY', `The signer is not the custody address of fid ${fid}`)
  }
  return { fid, custody: getAddress(custody) }
}
