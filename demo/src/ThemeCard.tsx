import { useTheme } from 'latchkit/react'
import type { ReactElement } from 'react'

const DEFAULT_ACCENT = '#1769e0'
const DEFAULT_RADIUS = 16

/** The custom theme docs/theming.md shows: pink accent, tighter corners, a wider modal. */
const CUSTOM_THEME = { accent: '#ff007a', radius: '8px', 'modal-width': '400px' }

/**
 * Live theme controls: the mode (light, dark, or following the system), the accent colour
 * and the corner radius, plus the documented custom theme and a reset. Everything goes
 * through `useTheme().setTheme`, so the buttons above and the modal change at once.
 *
 * @example <ThemeCard />
 */
export function ThemeCard(): ReactElement {
  const { mode, resolvedMode, variables, setTheme } = useTheme()
  const accent = variables['--lk-accent'] ?? DEFAULT_ACCENT
  const radius = Number.parseInt(variables['--lk-radius'] ?? '', 10) || DEFAULT_RADIUS
  return (
    <section className="card" aria-labelledby="theme-heading">
      <h2 id="theme-heading">Theme</h2>
      <p className="muted">
        Restyle the wallet buttons and the modal. <b>System</b> follows your computer's light or dark setting
        (now: {resolvedMode}).
      </p>
      <div className="card-actions">
        <label>
          Mode{' '}
          <select
            value={mode}
            onChange={(event) => setTheme({ mode: event.target.value as typeof mode })}
            data-testid="theme-mode"
          >
            <option value="light">Light</option>
            <option value="dark">Dark</option>
            <option value="system">System</option>
          </select>
        </label>
        <label>
          Accent{' '}
          <input
            type="color"
            value={accent}
            onChange={(event) => setTheme({ variables: { accent: event.target.value } })}
            data-testid="theme-accent"
          />
        </label>
        <label>
          Radius{' '}
          <input
            type="range"
            min={0}
            max={28}
            value={radius}
            onChange={(event) => setTheme({ variables: { radius: `${event.target.value}px` } })}
            data-testid="theme-radius"
          />
        </label>
      </div>
      <div className="card-actions">
        <button type="button" onClick={() => setTheme({ variables: CUSTOM_THEME })}>
          Try a custom theme
        </button>
        <button
          type="button"
          className="quiet"
          // An empty value removes an override: back to the mode's defaults.
          onClick={() => setTheme({ variables: { accent: '', radius: '', 'modal-width': '' } })}
        >
          Reset
        </button>
      </div>
    </section>
  )
}
