import type { PluginContext } from 'latchkit'
import { parseWith } from 'latchkit/internal'
import type { SessionKeeper } from './sessionKeeper'
import { sessionCovers, sessionExpired, siweSessionKey, siweSessionSchema } from './sessionSchema'
import type { SiweState, SiweVerifier } from './types'

export interface RestoreSessionParameters {
  ctx: PluginContext<SiweState>
  verifier: SiweVerifier
  sessions: SessionKeeper
  /** True once the plugin is torn down. */
  stopped(): boolean
  /** The verifier no longer honours the session: time to ask again. */
  onDropped(): void
}

/**
 * Start-up: the session of the last visit counts at once, so the sign view does not flash
 * during the silent reconnect. Then the verifier is asked whether it still honours it
 * (dropped if not; kept if the verifier cannot be reached, since it stays the authority
 * for every request that matters), and the session ends as at a disconnect when the
 * reconnect does not bring the wallet back.
 *
 * @example
 * restoreSession({ ctx, verifier, sessions, stopped: () => false, onDropped: evaluate })
 */
export function restoreSession({
  ctx,
  verifier,
  sessions,
  stopped,
  onDropped,
}: RestoreSessionParameters): void {
  const stored = ctx.storage.get(siweSessionKey)
  if (!stored) return
  if (sessionExpired(stored)) {
    ctx.storage.remove(siweSessionKey)
    return
  }
  ctx.state.set((draft) => {
    draft.session = stored
  })

  verifier
    .getSession({ session: stored })
    .then((answer) => {
      // Something newer happened meanwhile (a sign-in, a disconnect): it decides.
      if (stopped() || sessions.current() !== stored) return
      const live = answer ? parseWith(siweSessionSchema, answer, 'SIWE session') : undefined
      if (live && sessionCovers(live, stored)) {
        sessions.keep({ ...live, token: live.token ?? stored.token })
        return
      }
      sessions.forget('expired', false)
      onDropped()
    })
    .catch((error: unknown) =>
      ctx.logger.warn('could not confirm the stored sign-in session; keeping it', error),
    )

  // The session ends as at a disconnect when the silent reconnect did not bring the
  // wallet back. Heard once: later reconnects start from a connected or signed-out state.
  const stop = ctx.bus.on('reconnect:end', () => {
    stop()
    if (stopped() || !sessions.current()) return
    if (ctx.kernel.getState().accounts.eip155?.status !== 'connected') sessions.forget('disconnect', true)
  })
}
