/**
 * Whether this browser turned on sign-in with the wallet for the demo. Off by default:
 * with the siwe plugin installed, the widget asks for a signature after every connect,
 * account and network switch. That is the feature to try, not the demo's first
 * impression. Kept in localStorage; the kernel is created once with its plugins, so
 * changing the choice reloads the page.
 */

const KEY = 'latch-demo:sign-in'

/**
 * @example
 * const plugins = signInTurnedOn() ? [siwe({ verifier })] : []
 */
export function signInTurnedOn(): boolean {
  try {
    return window.localStorage.getItem(KEY) === 'on'
  } catch {
    // Storage blocked (a privacy setting): sign-in stays off.
    return false
  }
}

/**
 * Remembers the choice and reloads the page, whose new kernel has (or lacks) the plugin.
 *
 * @example <button onClick={() => turnSignIn(true)}>Turn on sign-in</button>
 */
export function turnSignIn(on: boolean): void {
  if (on) window.localStorage.setItem(KEY, 'on')
  else window.localStorage.removeItem(KEY)
  window.location.reload()
}
