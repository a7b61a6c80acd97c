import type { ThemeState } from 'latchkit'

// Each variable's default: one value for both schemes, or [light, dark]. The radius steps
// derive from --lk-radius where they are declared (on the same element as an override of
// it), so one radius rescales the whole modal; each can still be set on its own.
const defaults: Record<string, string | [string, string]> = {
  accent: '#1769e0',
  'accent-fg': '#ffffff',
  radius: '16px',
  'radius-md': 'calc(var(--lk-radius)*.75)',
  'radius-sm': 'calc(var(--lk-radius)*.5)',
  'radius-pill': '999px',
  font: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  'border-width': '1px',
  'z-index': '999',
  'modal-width': '360px',
  bg: ['#ffffff', '#191a1a'],
  surface: ['#f1f3f4', '#2a2b2c'],
  'surface-hover': ['#e6e8ea', '#353637'],
  fg: ['#141414', '#e8eaed'],
  muted: ['#5f6368', '#a0a4a8'],
  border: ['rgba(0, 0, 0, 0.1)', 'rgba(255, 255, 255, 0.12)'],
  overlay: ['rgba(0, 0, 0, 0.35)', 'rgba(0, 0, 0, 0.6)'],
  error: ['#c5221f', '#f28b82'],
  success: ['#137333', '#81c995'],
}

/** The custom properties with `pick` choosing between the two values of a scheme pair. */
function tokens(pick: (light: string, dark: string) => string): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(defaults)) {
    values[`--lk-${name}`] = typeof value === 'string' ? value : pick(...value)
  }
  return values
}

/**
 * The theme's CSS custom properties and their defaults per mode. Integrators override any
 * of them through `theme.variables` (e.g. `{ accent: '#ff007a' }` or `{ '--lk-radius': '8px' }`).
 * Names: accent, accent-fg, radius, radius-md, radius-sm, radius-pill, font, border-width,
 * z-index, modal-width, bg, surface, surface-hover, fg, muted, border, overlay, error,
 * success. docs/theming.md says what each one styles. `system` writes each pair as
 * `light-dark(light, dark)`: the browser picks per the element's `color-scheme` (see
 * {@link colorScheme}), so the markup is the same on the server and in every client, and
 * an OS switch repaints without a render.
 *
 * @example
 * createKernel({ networks, theme: { mode: 'system', variables: { accent: '#ff007a', 'z-index': '2000' } } })
 */
export const themeTokens: Record<ThemeState['mode'], Record<string, string>> = {
  light: tokens((light) => light),
  dark: tokens((_, dark) => dark),
  system: tokens((light, dark) => `light-dark(${light}, ${dark})`),
}

/**
 * The `color-scheme` a mode renders with: it resolves the `light-dark()` values of
 * `system` and gives native parts (scrollbars, form controls) the matching look.
 *
 * @example
 * colorScheme('system') // 'light dark'
 */
export function colorScheme(mode: ThemeState['mode']): string {
  return mode === 'system' ? 'light dark' : mode
}
