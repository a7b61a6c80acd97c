import type { Kernel } from 'latchkit'
import { embeddedWalletOf } from 'latchkit/plugins/embedded-wallet'
import type { SocialLoginProvider } from './providers'
import { waitForLoginResult } from './socialPopup'

const FEATURE = 'The social login'

/** What a finished login leaves to do: nothing, or the wallet's set-up or recovery in the frame. */
export type SocialLoginStep = 'CONNECT' | 'SETUP_WALLET' | 'RECOVER_WALLET'

/**
 * Runs a social login in `popup` (opened by the click, see openLoginPopup): the frame
 * asks its service for the provider's URL, the window goes there, the person logs in,
 * the callback page posts a one-time result back, and the frame trades it for the login.
 * When the wallet is usable on this device the chains connect here. The window is the
 * caller's to close.
 *
 * @example
 * const step = await runSocialLogin(kernel, 'google', popup, controller.signal)
 */
export async function runSocialLogin(
  kernel: Kernel,
  provider: SocialLoginProvider,
  popup: Window,
  signal: AbortSignal,
): Promise<SocialLoginStep> {
  const wallet = embeddedWalletOf(kernel, FEATURE)
  const { uri } = await wallet.request('GET_SOCIAL_REDIRECT_URI', { provider }, { signal })
  popup.location.href = uri
  const result = await waitForLoginResult(popup, wallet.frameOrigin(), provider, signal, kernel.logger)
  const { action } = await wallet.request('CONNECT_SOCIAL', { uri: result }, { signal })
  if (action === 'CONNECT') await wallet.connectAfterLogin({ socialProvider: provider })
  return action
}

/**
 * The frame's wallet set-up (a new person) or recovery (a new device) while the view
 * shows the frame over its placeholder, then the chains connect.
 *
 * @example
 * await completeSocialWallet(kernel, 'google', 'SETUP_WALLET', controller.signal)
 */
export async function completeSocialWallet(
  kernel: Kernel,
  provider: SocialLoginProvider,
  step: 'SETUP_WALLET' | 'RECOVER_WALLET',
  signal: AbortSignal,
): Promise<void> {
  const wallet = embeddedWalletOf(kernel, FEATURE)
  await wallet.request(step, {}, { signal })
  await wallet.connectAfterLogin({ socialProvider: provider })
}
