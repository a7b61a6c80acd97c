/**
 * latchkit/plugins/email: log in by email to the embedded wallet (needs
 * `latchkit/plugins/embedded-wallet` in the same plugin list).
 *
 * @example
 * import { email } from 'latchkit/plugins/email'
 * createKernel({ networks, adapters, projectId, plugins: [embeddedWallet({ frameUrl }), email()] })
 */
export { cooldownSecondsLeft, EMAIL_LOGIN_COOLDOWN_MS } from './cooldown'
export { email } from './email'
export { isEmail } from './emailRule'
export { EMAIL_PLUGIN_ID, EMAIL_VIEWS } from './ids'
export type { EmailErrorCode } from './messages'
export { emailMessages } from './messages'
export type { EmailStringKey } from './strings'
export { emailStrings } from './strings'
