/**
 * The embedded-wallet frame service (see docs/server.md, "Embedded wallet frame service"):
 * email, social and Farcaster login, device approval, sessions and the wallet's shares for the frame the widget
 * embeds, on its own origin.
 *
 * @example
 * import { startFrameService } from './server/embedded-wallet/index.js'
 * const { url, stop } = await startFrameService({ smtp, projects, chains, shareKey })
 */
export { clientIpFromHeader, connectionIp } from './clientIp.js'
export { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS, type CodePurpose } from './codes.js'
export {
  type CreateFrameServiceOptions,
  createFrameService,
  FARCASTER_FLOW_TTL_SECONDS,
  type FarcasterOptions,
  type FrameProject,
  type FrameService,
  MAX_FRAME_REQUEST_BYTES,
  MAX_RPC_REQUEST_BYTES,
} from './createFrameService.js'
export { openFrameDatabase } from './database.js'
export { type FrameErrorCode, FrameServiceError, frameErrors } from './errors.js'
export { frameContentSecurityPolicy } from './framePage.js'
export { composeMail, type FrameMail, type FrameSmtpOptions } from './mailer.js'
export { DEFAULT_FRAME_LIMITS, type FrameLimits } from './rateLimits.js'
export { EVM_RPC_METHODS, METHOD_NOT_FOUND, SOLANA_RPC_METHODS } from './rpcForward.js'
export { FRESH_SESSION_SECONDS, SESSION_TTL_SECONDS } from './sessions.js'
export { readShareKey } from './shareCipher.js'
export {
  SOCIAL_PROVIDERS,
  SOCIAL_STATE_TTL_SECONDS,
  type SocialOptions,
  type SocialProvider,
  type SocialProviderConfig,
} from './social.js'
export {
  FRAME_SHUTDOWN_GRACE_MS,
  type StartedFrameService,
  type StartFrameServiceHooks,
  type StartFrameServiceOptions,
  startFrameService,
} from './startFrameService.js'
