import type { PluginContext } from 'latchkit'
import { type SiweSession, sessionCovers, siweSessionKey } from './sessionSchema'
import type { SiweState, SiweVerifier } from './types'

/** Why a session ended, as 'siwe:signed-out' reports it. */
export type SignOutReason = 'sign-out' | 'disconnect' | 'expired' | 'replaced'

/** One session at a time, in the slice and in storage, announced on the bus. */
export interface SessionKeeper {
  current(): SiweSession | undefined
  /** Makes `next` the session (a replaced one is ended). */
  keep(next: SiweSession): void
  /** Ends the session here; with `revoke`, on the verifier too (without waiting). */
  forget(reason: Exclude<SignOutReason, 'replaced'>, revoke: boolean): SiweSession | undefined
}

/**
 * @example
 * const sessions = createSessionKeeper(ctx, verifier)
 * sessions.keep(await verifier.verify({ message, signature, address, chainId }))
 */
export function createSessionKeeper(ctx: PluginContext<SiweState>, verifier: SiweVerifier): SessionKeeper {
  const { bus } = ctx.kernel
  const revokeQuietly = (session: SiweSession, what: string) =>
    void verifier.revokeSession(session).catch((error) => ctx.logger.warn(`revoking ${what} failed`, error))

  const current = () => ctx.state.get().session
  return {
    current,
    keep(next) {
      const previous = current()
      ctx.state.set((draft) => {
        draft.session = next
      })
      ctx.storage.set(siweSessionKey, next)
      if (
        previous &&
        previous !== next &&
        (previous.token !== next.token || !sessionCovers(previous, next))
      ) {
        // Ended on the server too, but only when named by its own token: for a
        // cookie-only verifier, "revoke the previous session" would end the new one (and
        // the new cookie already replaced the old).
        if (previous.token) revokeQuietly(previous, 'a replaced session')
        bus.emit('siwe:signed-out', { session: previous, reason: 'replaced' })
      }
      bus.emit('siwe:signed-in', { session: next })
    },
    forget(reason, revoke) {
      const previous = current()
      ctx.state.set((draft) => {
        draft.session = undefined
        draft.status = 'idle'
        draft.error = undefined
      })
      ctx.storage.remove(siweSessionKey)
      if (!previous) return undefined
      if (revoke) revokeQuietly(previous, 'the session')
      bus.emit('siwe:signed-out', { session: previous, reason })
      return previous
    },
  }
}
