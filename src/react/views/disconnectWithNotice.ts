import { disconnect, type Kernel, LatchError } from 'latchkit'
import { translateError } from '../translateError'

/**
 * Disconnects every namespace; the kernel clears local state even when a wallet fails to
 * answer, and that failure ('Failed to disconnect') is shown in the snackbar.
 */
export function disconnectWithNotice(kernel: Kernel): Promise<void> {
  return disconnect(kernel).catch((error: unknown) => {
    kernel.snackbar.error(error instanceof LatchError ? translateError(error, kernel.i18n.t) : String(error))
  })
}
