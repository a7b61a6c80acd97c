/**
 * The code that runs the frame, loaded the first time the embedded wallet is needed (a
 * login, or a reload with a login to restore), so a page whose visitors never use it
 * carries only the connectors' shells.
 */
export { createFrameClient } from './createFrameClient'
export { createFrameOverlay } from './frameOverlay'
