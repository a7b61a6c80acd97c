/** The devstack's Farcaster stand-ins: the auth relay, the Id Registry on chain 10 and the dev app. */

export { devAvatarSvg, devAvatarUrl } from './devApp/avatar.js'
export { approveSignIn, parseSignInUri, type SignInRequest, signSignIn } from './devApp/signIn.js'
export { type DevFarcasterApp, startDevFarcasterApp } from './devApp/startDevFarcasterApp.js'
export {
  type DevFarcasterUser,
  devFarcasterStranger,
  devFarcasterUsers,
  FARCASTER_CHAIN_ID,
  ID_REGISTRY_ADDRESS,
  idRegistryReadAbi,
  installIdRegistry,
} from './idRegistry.js'
export { DEV_FARCASTER_RELAY_KEY, type FarcasterRelay, startFarcasterRelay } from './relay.js'
