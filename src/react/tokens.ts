import type { ThemeState } from 'latchkit'

// Shared by both modes.
const shared = {
  '--lk-accent': '#1769e0',
  '--lk-accent-fg': '#ffffff',
  '--lk-radius': '16px',
  '--lk-font': 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  '--lk-z-index': '999',
}

/**
 * The theme's CSS custom properties and their defaults per mode. Integrators override any
 * of them through `theme.variables` (e.g. `{ accent: '#ff007a' }` or `{ '--lk-radius': '8px' }`).
 * Names: accent, accent-fg, radius, font, z-index, bg, fg, muted, surface, border,
 * overlay, error, success.
 *
 * @example
 * createKernel({ networks, theme: { mode: 'dark', variables: { accent: '#ff007a', 'z-index': '2000' } } })
 */
export const themeTokens: Record<ThemeState['mode'], Record<string, string>> = {
  light: {
    ...shared,
    '--lk-bg': '#ffffff',
    '--lk-fg': '#141414',
    '--lk-muted': '#5f6368',
    '--lk-surface': '#f1f3f4',
    '--lk-border': 'rgba(0, 0, 0, 0.1)',
    '--lk-overlay': 'rgba(0, 0, 0, 0.35)',
    '--lk-error': '#c5221f',
    '--lk-success': '#137333',
  },
  dark: {
    ...shared,
    '--lk-bg': '#191a1a',
    '--lk-fg': '#e8eaed',
    '--lk-muted': '#a0a4a8',
    '--lk-surface': '#2a2b2c',
    '--lk-border': 'rgba(255, 255, 255, 0.12)',
    '--lk-overlay': 'rgba(0, 0, 0, 0.6)',
    '--lk-error': '#f28b82',
    '--lk-success': '#81c995',
  },
}
