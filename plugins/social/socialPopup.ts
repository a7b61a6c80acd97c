import { LatchError } from 'latchkit'
import { socialMessages } from './messages'
import type { SocialLoginProvider } from './providers'

/** What the frame service's callback page posts to the window that opened it. */
type CallbackMessage = { type: 'latchkit:social'; provider: string; result?: unknown; error?: unknown }

const RESULT = /^[A-Za-z0-9_-]{43}$/
/** How often a closed window is looked for (a closed window sends nothing). */
const CLOSED_POLL_MS = 500
/** A result posted just before the window closed itself may land after the close is seen. */
const CLOSED_GRACE_MS = 1000

/**
 * Opens the login window. It must run in the click's own task (before any await), or the
 * browser's popup blocker stops it; it opens blank and is sent to the provider once the
 * frame has its URL.
 *
 * @example
 * const popup = openLoginPopup() // in onClick
 */
export function openLoginPopup(): Window {
  const width = 480
  const height = 640
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2))
  const popup = window.open(
    '',
    'latchkit-social',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  )
  if (!popup) {
    throw new LatchError(socialMessages.SOCIAL_POPUP_BLOCKED, { code: 'SOCIAL_POPUP_BLOCKED' })
  }
  return popup
}

/**
 * Waits for the one-time result the callback page posts: taken only from `frameOrigin`
 * (the frame service's), from this popup, for this provider, in its exact shape; anything
 * else is dropped and logged. Rejects when the window is closed first, when the provider
 * refused, or when `signal` aborts.
 *
 * @example
 * const result = await waitForLoginResult(popup, 'https://wallet.example', 'google', signal, logger)
 */
export function waitForLoginResult(
  popup: Window,
  frameOrigin: string,
  provider: SocialLoginProvider,
  signal: AbortSignal,
  logger: { warn(message: string, data?: unknown): void },
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let closedAt: number | undefined
    const finish = (outcome: () => void) => {
      window.removeEventListener('message', onMessage)
      clearInterval(timer)
      signal.removeEventListener('abort', onAbort)
      outcome()
    }
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Partial<CallbackMessage> | null
      if (typeof data !== 'object' || data === null || data.type !== 'latchkit:social') return
      if (event.origin !== frameOrigin || event.source !== popup || data.provider !== provider) {
        logger.warn('Dropped a social login message that did not come from the login window', {
          origin: event.origin,
        })
        return
      }
      if (typeof data.result === 'string' && RESULT.test(data.result)) {
        const result = data.result
        finish(() => resolve(result))
      } else {
        finish(() =>
          reject(new LatchError(socialMessages.SOCIAL_LOGIN_FAILED, { code: 'SOCIAL_LOGIN_FAILED' })),
        )
      }
    }
    const onAbort = () =>
      finish(() => reject(new LatchError('Request was aborted', { code: 'EMBEDDED_WALLET_ABORTED' })))
    const timer = setInterval(() => {
      if (!popup.closed) return
      closedAt ??= Date.now()
      if (Date.now() - closedAt >= CLOSED_GRACE_MS)
        finish(() =>
          reject(new LatchError(socialMessages.SOCIAL_POPUP_CLOSED, { code: 'SOCIAL_POPUP_CLOSED' })),
        )
    }, CLOSED_POLL_MS)
    window.addEventListener('message', onMessage)
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })
}
