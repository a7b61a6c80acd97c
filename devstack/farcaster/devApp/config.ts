/** The dev Farcaster app's configuration, handed to the page in a window global. */
import type { DevAppUser } from './signIn.js'

export const FARCASTER_APP_CONFIG_GLOBAL = '__LATCH_DEV_FARCASTER_APP__'

export type DevFarcasterAppConfig = {
  /** The relay the app posts approvals to, e.g. `http://127.0.0.1:43123`. */
  relayUrl: string
  /** The app's relay key (`X-Farcaster-Auth-Relay-Key`). */
  authKey: string
  /** The dev fids a person can sign in as. DEV ONLY: their custody keys are public. */
  users: DevAppUser[]
}
