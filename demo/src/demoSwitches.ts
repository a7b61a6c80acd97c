/**
 * The demo's switches for features that are off by default: sign-in with the wallet (with
 * the siwe plugin installed, the widget asks for a signature after every connect, account
 * and network switch: the feature to try, not the demo's first impression) and the legal
 * checkbox (every way to connect waits for "I agree"). Kept per browser in localStorage;
 * the kernel is created once with its plugins, so flipping one reloads the page.
 */

/** A switch's name; its localStorage key is `latch-demo:<name>`. */
export type DemoSwitch = 'sign-in' | 'legal-checkbox'

/**
 * Whether this browser turned the feature on. Off when storage is blocked (a privacy setting).
 *
 * @example
 * const plugins = switchedOn('sign-in') ? [siwe({ verifier })] : []
 */
export function switchedOn(name: DemoSwitch): boolean {
  try {
    return window.localStorage.getItem(`latch-demo:${name}`) === 'on'
  } catch {
    return false
  }
}

/**
 * Remembers the choice and reloads the page, whose new kernel has (or lacks) the plugin.
 *
 * @example <button onClick={() => flipSwitch('sign-in', true)}>Turn on sign-in</button>
 */
export function flipSwitch(name: DemoSwitch, on: boolean): void {
  if (on) window.localStorage.setItem(`latch-demo:${name}`, 'on')
  else window.localStorage.removeItem(`latch-demo:${name}`)
  window.location.reload()
}
