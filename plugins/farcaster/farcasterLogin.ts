import type { Kernel } from 'latchkit'
import { embeddedWalletOf, type SocialLogin } from 'latchkit/plugins/embedded-wallet'

const FEATURE = 'The Farcaster login'

/** What an approved sign-in leaves to do: nothing, or the wallet's set-up or recovery in the frame. */
export type FarcasterLoginStep = 'CONNECT' | 'SETUP_WALLET' | 'RECOVER_WALLET'

/**
 * Asks the frame for a new sign-in request: the `farcaster://connect` URI a Farcaster app
 * opens (shown as a QR code and a link, and kept as the account's `farcasterUrl`) and the
 * opaque id to wait on.
 *
 * @example
 * const { uri, channelId } = await requestFarcasterSignIn(kernel, controller.signal)
 */
export async function requestFarcasterSignIn(
  kernel: Kernel,
  signal: AbortSignal,
): Promise<{ uri: string; channelId: string }> {
  const { uri, channelId } = await embeddedWalletOf(kernel, FEATURE).request(
    'GET_FARCASTER_URI',
    {},
    { signal },
  )
  kernel.store.setState((draft) => {
    // farcasterUrl is the account's slot for the sign-in request being shown.
    const namespace = draft.activeNamespace ?? 'eip155'
    const account = draft.accounts[namespace]
    if (account) account.farcasterUrl = uri
  })
  return { uri, channelId }
}

/**
 * Waits (the frame polls the relay) until the person approves the request in their
 * Farcaster app, then logs them in; when the wallet is usable here the chains connect at
 * once. Rejects when the request expires, the signature is not the fid's custody key's,
 * or `signal` aborts.
 *
 * @example
 * const { step, login } = await waitForFarcasterApproval(kernel, channelId, controller.signal)
 */
export async function waitForFarcasterApproval(
  kernel: Kernel,
  channelId: string,
  signal: AbortSignal,
): Promise<{ step: FarcasterLoginStep; login: SocialLogin }> {
  const wallet = embeddedWalletOf(kernel, FEATURE)
  const answer = await wallet.request('CONNECT_FARCASTER', { channelId }, { signal })
  const login: SocialLogin = {
    socialProvider: 'farcaster',
    ...(answer.username ? { userName: answer.username } : {}),
    ...(answer.avatarUrl ? { avatarUrl: answer.avatarUrl } : {}),
  }
  if (answer.action === 'CONNECT') await wallet.connectAfterLogin(login)
  return { step: answer.action, login }
}

/**
 * The frame's wallet set-up (a new person) or recovery (a new device) while the view
 * shows the frame over its placeholder, then the chains connect.
 *
 * @example
 * await completeFarcasterWallet(kernel, 'SETUP_WALLET', login, controller.signal)
 */
export async function completeFarcasterWallet(
  kernel: Kernel,
  step: 'SETUP_WALLET' | 'RECOVER_WALLET',
  login: SocialLogin,
  signal: AbortSignal,
): Promise<void> {
  const wallet = embeddedWalletOf(kernel, FEATURE)
  await wallet.request(step, {}, { signal })
  await wallet.connectAfterLogin(login)
}
