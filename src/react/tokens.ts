import type { ThemeState } from 'latchkit'

// The same in both schemes: shape, type and stacking.
const shared = {
  '--lk-accent': '#1769e0',
  '--lk-accent-fg': '#ffffff',
  '--lk-radius': '16px',
  // Derived from --lk-radius (resolved where they are declared, on the same element as an
  // override of --lk-radius), so one radius rescales the whole modal; each can be set on its own.
  '--lk-radius-md': 'calc(var(--lk-radius) * .75)',
  '--lk-radius-sm': 'calc(var(--lk-radius) * .5)',
  '--lk-radius-pill': '999px',
  '--lk-font': 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  '--lk-border-width': '1px',
  '--lk-z-index': '999',
  '--lk-modal-width': '360px',
}

const light = {
  ...shared,
  '--lk-bg': '#ffffff',
  '--lk-surface': '#f1f3f4',
  '--lk-surface-hover': '#e6e8ea',
  '--lk-fg': '#141414',
  '--lk-muted': '#5f6368',
  '--lk-border': 'rgba(0, 0, 0, 0.1)',
  '--lk-overlay': 'rgba(0, 0, 0, 0.35)',
  '--lk-error': '#c5221f',
  '--lk-success': '#137333',
}

const dark: typeof light = {
  ...shared,
  '--lk-bg': '#191a1a',
  '--lk-surface': '#2a2b2c',
  '--lk-surface-hover': '#353637',
  '--lk-fg': '#e8eaed',
  '--lk-muted': '#a0a4a8',
  '--lk-border': 'rgba(255, 255, 255, 0.12)',
  '--lk-overlay': 'rgba(0, 0, 0, 0.6)',
  '--lk-error': '#f28b82',
  '--lk-success': '#81c995',
}

/**
 * Each variable as `light-dark(light, dark)` where the two differ: the browser picks per
 * the element's `color-scheme`, which `system` mode sets to `light dark`. So the markup is
 * the same on the server and in every client, and an OS switch repaints without a render.
 */
function followingColorScheme(): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(light)) {
    const other = dark[name as keyof typeof dark]
    values[name] = value === other ? value : `light-dark(${value}, ${other})`
  }
  return values
}

/**
 * The theme's CSS custom properties and their defaults per mode. Integrators override any
 * of them through `theme.variables` (e.g. `{ accent: '#ff007a' }` or `{ '--lk-radius': '8px' }`).
 * Names: accent, accent-fg, radius, radius-md, radius-sm, radius-pill, font, border-width,
 * z-index, modal-width, bg, surface, surface-hover, fg, muted, border, overlay, error,
 * success. docs/theming.md says what each one styles.
 *
 * @example
 * createKernel({ networks, theme: { mode: 'system', variables: { accent: '#ff007a', 'z-index': '2000' } } })
 */
export const themeTokens: Record<ThemeState['mode'], Record<string, string>> = {
  light,
  dark,
  system: followingColorScheme(),
}

/**
 * The `color-scheme` each mode renders with: it resolves the `light-dark()` values of
 * `system` and gives native parts (scrollbars, form controls) the matching look.
 *
 * @example
 * <div style={{ ...themeTokens[mode], colorScheme: colorSchemes[mode] }} />
 */
export const colorSchemes: Record<ThemeState['mode'], string> = {
  light: 'light',
  dark: 'dark',
  system: 'light dark',
}
