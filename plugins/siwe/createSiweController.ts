/**
 * The sign-in flow for one kernel: when to ask, how a sign-in runs, what a
 * failure does, Cancel, sign-out and the close guard. Sessions are kept by
 * sessionKeeper.ts and restored by restoreSession.ts. Everything lives in this closure and
 * in the plugin's slice; nothing at module level.
 */
import { disconnect, type LatchError, type PluginContext, signMessage, ValidationError } from 'latchkit'
import { latchError, parseWith } from 'latchkit/internal'
import { createMessage } from './createMessage'
import { SIWE_VIEW_ID } from './ids'
import { messageParameters } from './messageParameters'
import { siweError } from './messages'
import type { SiweOptions } from './options'
import { restoreSession } from './restoreSession'
import { createSessionKeeper } from './sessionKeeper'
import { type SiweSession, sessionCovers, siweSessionSchema } from './sessionSchema'
import { isNotServed, watchSignInServed } from './signInServed'
import type { SiweController } from './siweController'
import { activeTarget, type SiweTarget, targetKey } from './target'
import type { SiweFailure, SiweState } from './types'

interface Attempt {
  target: SiweTarget
  promise: Promise<SiweSession>
}

const sameTarget = (a: SiweTarget, b: SiweTarget) => targetKey(a) === targetKey(b)
const failure = (error: LatchError): SiweFailure => ({
  code: error.code as SiweFailure['code'],
  message: error.shortMessage,
})

/**
 * Wires the flow into a plugin context; returns the controller and `stop`, which makes a
 * sign-in still in flight stale. Its guard, subscription and handler are registered
 * through `ctx`, so the kernel removes them with the plugin.
 *
 * @example
 * const { controller, stop } = createSiweController(ctx, options)
 * ctx.services.add('siwe', controller)
 */
export function createSiweController(
  ctx: PluginContext<SiweState>,
  options: SiweOptions,
): { controller: SiweController; stop: () => void } {
  const { kernel } = ctx
  const { verifier } = options
  const required = options.required ?? false
  // The sign-in in flight; a newer target or a disconnect makes an older one stale.
  let attempt: Attempt | undefined
  let stopped = false

  const sessions = createSessionKeeper(ctx, verifier)
  // Whether the server signs in at all, for a verifier on the app's Blockchain API.
  const served = watchSignInServed(ctx, verifier, () => evaluate())
  const session = sessions.current
  const viewIsOpen = () => kernel.getState().modal.open && kernel.router.current()?.view === SIWE_VIEW_ID
  const openView = () => {
    if (!viewIsOpen()) kernel.router.open(SIWE_VIEW_ID)
  }

  /** An active address on a supported network and no session covering it: ask. */
  function evaluate(): void {
    if (stopped) return
    const target = activeTarget(kernel)
    if (!target) return
    // Not before the server has said whether it signs in, and never when it does not.
    if (served.pending() || ctx.state.get().unavailable) return
    if (sessionCovers(session(), target)) {
      // Back on an account the session covers (an account or chain switch undone).
      if (viewIsOpen() && !attempt) kernel.router.close()
      return
    }
    if (attempt && sameTarget(attempt.target, target)) return
    attempt = undefined
    ctx.state.set((draft) => {
      draft.status = 'idle'
      draft.error = undefined
    })
    openView()
  }

  async function run(mine: Attempt): Promise<SiweSession> {
    const { target } = mine
    const isCurrent = () => attempt === mine && !stopped
    ctx.state.set((draft) => {
      draft.status = 'signing'
      draft.error = undefined
    })

    let message: string
    try {
      const nonce = await verifier.getNonce({ address: target.address, chainId: target.chainId })
      message = await (verifier.createMessage ?? createMessage)(
        messageParameters(kernel, options, target, nonce),
      )
    } catch (cause) {
      if (isNotServed(cause)) {
        // The server has no verifier: an absence, not a failure. The open view says so and
        // offers no Sign; the wallet stays connected and nothing is reported as an error.
        const error = siweError('SIWE_NOT_CONFIGURED', { cause })
        ctx.logger.info('the verifier answered 501: sign-in is not offered', cause)
        ctx.state.set((draft) => {
          draft.status = 'idle'
          draft.error = undefined
          draft.unavailable = true
        })
        throw error
      }
      // The wallet is disconnected and the view reset: the visitor starts over.
      const error = siweError('SIWX_INIT_FAILED', { cause })
      if (isCurrent()) {
        await disconnect(kernel, { namespace: 'eip155' }).catch((e) =>
          ctx.logger.warn('disconnect failed', e),
        )
        ctx.state.set((draft) => {
          draft.status = 'idle'
          draft.error = failure(error)
        })
        kernel.router.open('Connect')
        ctx.snackbar.error(ctx.i18n.t('siwe.error.SIWX_INIT_FAILED'))
        kernel.bus.emit('error', { error, source: 'siwe' })
      }
      throw error
    }

    let next: SiweSession
    try {
      const signature = await signMessage(kernel, { message, namespace: 'eip155' })
      const answer = await verifier.verify({
        message,
        signature,
        address: target.address,
        chainId: target.chainId,
      })
      next = parseWith(siweSessionSchema, answer, 'SIWE session')
      if (!sessionCovers(next, target)) {
        throw new ValidationError('The verifier answered with a session for another account or chain', {
          code: 'VALIDATION_FAILED',
        })
      }
    } catch (cause) {
      // A smart account that cannot sign (or whose signature the app cannot check) is
      // told so; anything else is a declined signature.
      const code =
        target.accountType === 'smartAccount' ? 'SMART_ACCOUNT_SIGN_UNSUPPORTED' : 'SIGNATURE_DECLINED'
      const error = siweError(code, { cause })
      if (isCurrent()) {
        ctx.state.set((draft) => {
          draft.status = 'idle'
          draft.error = failure(error)
        })
        // The sign view reopens with the error (the visitor may have closed it).
        const now = activeTarget(kernel)
        if (now && sameTarget(now, target)) openView()
        kernel.bus.emit('error', { error, source: 'siwe' })
      }
      throw error
    }

    sessions.keep(next)
    if (isCurrent()) {
      ctx.state.set((draft) => {
        draft.status = 'idle'
        draft.error = undefined
      })
      // On success the modal closes.
      if (viewIsOpen()) kernel.router.close()
    } else {
      // The visitor moved on meanwhile; ask about where they are now.
      evaluate()
    }
    return next
  }

  const controller: SiweController = {
    required,
    activeSession() {
      const target = activeTarget(kernel)
      const current = session()
      return target && sessionCovers(current, target) ? current : undefined
    },
    signIn() {
      const target = activeTarget(kernel)
      if (!target) return Promise.reject(latchError('NO_ACTIVE_CAIP_ADDRESS'))
      if (ctx.state.get().unavailable) return Promise.reject(siweError('SIWE_NOT_CONFIGURED'))
      // A second click while the wallet prompt is open joins the first sign-in.
      if (attempt && sameTarget(attempt.target, target)) return attempt.promise
      const mine = { target } as Attempt
      attempt = mine
      // Settled, it no longer holds the place: the next click starts afresh.
      mine.promise = run(mine).finally(() => {
        if (attempt === mine) attempt = undefined
      })
      return mine.promise
    },
    async cancel() {
      attempt = undefined
      ctx.state.set((draft) => {
        draft.status = 'idle'
      })
      if (required) {
        await disconnect(kernel, { namespace: 'eip155' })
        // Another namespace may still be connected, which keeps disconnect from closing.
        kernel.close()
      } else {
        kernel.close()
      }
    },
    async signOut() {
      attempt = undefined
      const current = session()
      try {
        if (current) await verifier.revokeSession(current)
      } finally {
        // Signed out here even when the server could not be told: the caller hears why.
        sessions.forget('sign-out', false)
        if (kernel.getState().connectorIds.eip155) await disconnect(kernel, { namespace: 'eip155' })
      }
    },
  }

  // Closing is blocked on the sign view while sign-in is required and missing.
  ctx.router.addCloseGuard(() => {
    if (!required || kernel.router.current()?.view !== SIWE_VIEW_ID) return true
    const target = activeTarget(kernel)
    return !target || sessionCovers(session(), target) || 'Sign-in required'
  })

  // Connect, reconnect, account and chain switches all end in the store; react once the
  // update that changed the target has finished (and its caller has moved on).
  let lastKey = targetKey(activeTarget(kernel))
  ctx.store.subscribe(() => {
    const key = targetKey(activeTarget(kernel))
    if (key === lastKey) return
    lastKey = key
    queueMicrotask(evaluate)
  })

  // A disconnect clears the session; it is revoked on the server as well.
  ctx.bus.on('disconnect', ({ namespace }) => {
    if (namespace !== 'eip155') return
    attempt = undefined
    sessions.forget('disconnect', true)
  })

  restoreSession({ ctx, verifier, sessions, stopped: () => stopped, onDropped: evaluate })

  return {
    controller,
    stop() {
      stopped = true
    },
  }
}
