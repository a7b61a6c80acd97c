import { definePlugin, type Plugin } from 'latchkit'
import { preloadable } from 'latchkit/react'
import { EMAIL_PLUGIN_ID, EMAIL_VIEWS, EMBEDDED_WALLET_SERVICE } from './ids'
import { offerEmailUpdate } from './offerEmailUpdate'
import { emailStrings } from './strings'

/**
 * Email login: the Connect view's email field (first, order 100), the code and the
 * device-approval steps, the wallet set-up or recovery drawn by the embedded wallet's
 * frame, and "Update email" on the Account view. It logs in through the embedded wallet
 * plugin, which must be in the same list. An email login cannot start again within 30 s
 * of the last one ('Please try again after {n} seconds').
 *
 * @example
 * import { embeddedWallet } from 'latchkit/plugins/embedded-wallet'
 * import { email } from 'latchkit/plugins/email'
 *
 * createKernel({ networks, adapters, projectId, plugins: [embeddedWallet({ frameUrl: 'https://wallet.example' }), email()] })
 */
export function email(): Plugin<undefined> {
  return definePlugin({
    id: EMAIL_PLUGIN_ID,
    requires: [EMBEDDED_WALLET_SERVICE],
    setup(ctx) {
      ctx.i18n.register(emailStrings)
      ctx.slots.contribute('connectMethods', {
        id: EMAIL_PLUGIN_ID,
        order: 100,
        label: 'email.label',
        // The entry and its field in parallel: the entry would ask for the field only once it renders.
        component: preloadable(() =>
          Promise.all([import('./views/EmailEntry'), import('./views/EmailField')]).then(([entry]) => entry),
        ),
      })
      ctx.views.register({
        id: EMAIL_VIEWS.verifyDevice,
        title: 'email.device.title',
        load: () => import('./views/EmailVerifyDeviceView'),
      })
      ctx.views.register({
        id: EMAIL_VIEWS.verifyOtp,
        title: 'email.otp.title',
        load: () => import('./views/EmailOtpView'),
      })
      ctx.views.register({
        id: EMAIL_VIEWS.wallet,
        title: 'email.label',
        hideBack: true,
        load: () => import('./views/EmailWalletView'),
      })
      ctx.views.register({
        id: EMAIL_VIEWS.update,
        title: 'email.update.title',
        load: () => import('./views/UpdateEmailView'),
      })
      offerEmailUpdate(ctx)
    },
  })
}
