/**
 * What the dev Farcaster app does when a person approves: read the sign-in request out of
 * the `farcaster://connect?...` URI, build the Sign In With Farcaster message (a SIWE
 * message with statement 'Farcaster Auth', chain id 10 and the fid as a
 * `farcaster://fid/<fid>` resource), sign it with the fid's custody key and hand it to the
 * relay. Plain functions so the page and Node tests share them.
 */
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'

/** What the page needs of a dev fid. DEV ONLY: the key is public. */
export type DevAppUser = { fid: number; username: string; displayName: string; custodyKey: Hex }

/** A sign-in request as a relay's sign-in URI carries it. */
export type SignInRequest = {
  channelToken: string
  nonce: string
  domain: string
  siweUri: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
}

/** Why a URI is not a sign-in request. */
export class SignInUriError extends Error {
  override readonly name = 'SignInUriError'
}

/**
 * Reads a `farcaster://connect?channelToken=...&nonce=...&siweUri=...&domain=...` URI.
 *
 * @example
 * const request = parseSignInUri(relayAnswer.url)
 * request.domain // 'app.example'
 */
export function parseSignInUri(uri: string): SignInRequest {
  let url: URL
  try {
    url = new URL(uri.trim())
  } catch {
    throw new SignInUriError('This is not a URI')
  }
  if (url.protocol !== 'farcaster:') throw new SignInUriError('This is not a farcaster:// sign-in URI')
  const param = (name: string) => url.searchParams.get(name) ?? undefined
  const channelToken = param('channelToken')
  const nonce = param('nonce')
  const domain = param('domain')
  const siweUri = param('siweUri')
  if (!channelToken || !nonce || !domain || !siweUri) {
    throw new SignInUriError('The URI lacks the channel token, nonce, domain or siweUri')
  }
  const optional = (name: 'notBefore' | 'expirationTime' | 'requestId') => {
    const value = param(name)
    return value ? { [name]: value } : {}
  }
  return {
    channelToken,
    nonce,
    domain,
    siweUri,
    ...optional('notBefore'),
    ...optional('expirationTime'),
    ...optional('requestId'),
  }
}

/**
 * Builds the Sign In With Farcaster message for `request` as `user` and signs it with the
 * user's custody key. `signWith` signs with another key instead (for tests of a refused
 * signer).
 *
 * @example
 * const { message, signature } = await signSignIn(request, devUser)
 */
export async function signSignIn(
  request: SignInRequest,
  user: Pick<DevAppUser, 'fid' | 'custodyKey'>,
  options: { signWith?: Hex; issuedAt?: Date } = {},
): Promise<{ message: string; signature: Hex }> {
  const signer = privateKeyToAccount(options.signWith ?? user.custodyKey)
  const message = createSiweMessage({
    domain: request.domain,
    address: signer.address,
    statement: 'Farcaster Auth',
    uri: request.siweUri,
    version: '1',
    chainId: 10,
    nonce: request.nonce,
    issuedAt: options.issuedAt ?? new Date(),
    ...(request.notBefore ? { notBefore: new Date(request.notBefore) } : {}),
    ...(request.expirationTime ? { expirationTime: new Date(request.expirationTime) } : {}),
    ...(request.requestId ? { requestId: request.requestId } : {}),
    resources: [`farcaster://fid/${user.fid}`],
  })
  return { message, signature: await signer.signMessage({ message }) }
}

/**
 * Signs and posts the result to the relay's authenticate endpoint, as a Farcaster app does.
 * `pfpUrl`, the user's profile picture (the dev app's `devAvatarUrl`), goes with it when
 * given. Resolves with the relay's status code and JSON answer.
 *
 * @example
 * await approveSignIn({ relayUrl, authKey, request, user, pfpUrl: devAvatarUrl(appUrl, user.fid) })
 */
export async function approveSignIn(args: {
  relayUrl: string
  authKey: string
  request: SignInRequest
  user: DevAppUser
  signWith?: Hex
  pfpUrl?: string
}): Promise<{ status: number; body: unknown }> {
  const { message, signature } = await signSignIn(
    args.request,
    args.user,
    args.signWith ? { signWith: args.signWith } : {},
  )
  const response = await fetch(`${args.relayUrl.replace(/\/+$/, '')}/v1/channel/authenticate`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${args.request.channelToken}`,
      'x-farcaster-auth-relay-key': args.authKey,
    },
    body: JSON.stringify({
      message,
      signature,
      fid: args.user.fid,
      authMethod: 'custody',
      username: args.user.username,
      displayName: args.user.displayName,
      ...(args.pfpUrl !== undefined ? { pfpUrl: args.pfpUrl } : {}),
    }),
  })
  return { status: response.status, body: await response.json().catch(() => null) }
}
