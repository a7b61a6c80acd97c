/**
 * The box the embedded wallet lays its frame over while the frame draws its own screen
 * (the recovery password, the wallet set-up): the embedded wallet's own placeholder.
 */
export { FramePlaceholder as FrameBox } from 'latchkit/plugins/embedded-wallet'
