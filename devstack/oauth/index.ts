/**
 * The devstack's social providers: a local OpenID provider per social login (google,
 * apple with ID tokens; github, x, discord, facebook as plain OAuth 2.0 with a userinfo
 * route), a login page to pick a dev user, and a headless driver for tests.
 *
 * @example
 * import { headlessLogin, startSocialProviders } from '../devstack/oauth/index.js'
 * const social = await startSocialProviders()
 * const frame = await startFrameService({ ...options, social: social.social })
 */
export { DEV_USERS, type DevUser, devUser } from './dev-users.js'
export { headlessLogin } from './headlessLogin.js'
export {
  type ClaimsChange,
  DEV_CLIENT,
  type LocalSocialProvider,
  OTHER_CLIENT,
  type StartedSocialProviders,
  type StartSocialProvidersOptions,
  startSocialProviders,
} from './startSocialProviders.js'
