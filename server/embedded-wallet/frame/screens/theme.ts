/**
 * The frame's look: one static stylesheet with light and dark palettes on CSS variables,
 * switched by SYNC_THEME. The variables are the widget's own theme names (`accent`,
 * `accent-fg`, `radius`, `font`, `surface`, ...), so an app's theme reaches the frame's
 * screens; they only set `--lk-<name>` custom properties through the CSSOM, one by one,
 * with names and values checked, so they cannot add rules.
 */

const STYLES = `
:root { color-scheme: light; --lk-bg: #ffffff; --lk-fg: #17171c; --lk-muted: #5b5b66;
  --lk-border: #d9d9e0; --lk-accent: #3b5bdb; --lk-accent-fg: #ffffff; --lk-error: #c92a2a;
  --lk-surface: #f4f4f7; --lk-font: system-ui, -apple-system, "Segoe UI", sans-serif; --lk-radius: 12px; }
:root[data-theme="dark"] { color-scheme: dark; --lk-bg: #17171c; --lk-fg: #f1f1f4;
  --lk-muted: #a3a3ad; --lk-border: #34343d; --lk-surface: #222229; --lk-accent: #748ffc; --lk-accent-fg: #0b0b10;
  --lk-error: #ff8787; }
html, body { margin: 0; padding: 0; background: var(--lk-bg); color: var(--lk-fg);
  font: 14px/1.45 var(--lk-font); }
#latchkit-frame { min-width: 300px; }
.lk-screen { box-sizing: border-box; padding: 20px; display: flex; flex-direction: column; gap: 12px; }
.lk-title { margin: 0; font-size: 17px; font-weight: 600; }
.lk-text { margin: 0; color: var(--lk-muted); }
.lk-label { display: flex; flex-direction: column; gap: 4px; font-weight: 500; }
.lk-input { box-sizing: border-box; width: 100%; padding: 10px 12px; border: 1px solid var(--lk-border);
  border-radius: var(--lk-radius); background: var(--lk-bg); color: var(--lk-fg); font: inherit; }
.lk-input:focus { outline: 2px solid var(--lk-accent); outline-offset: 1px; }
.lk-hint { margin: 0; font-size: 12px; color: var(--lk-muted); }
.lk-error { margin: 0; color: var(--lk-error); font-weight: 500; }
.lk-error:empty { display: none; }
.lk-actions { display: flex; gap: 8px; }
.lk-button { flex: 1; padding: 10px 12px; border-radius: var(--lk-radius); border: 1px solid var(--lk-border);
  background: var(--lk-surface); color: var(--lk-fg); font: inherit; font-weight: 600; cursor: pointer; }
.lk-button[data-kind="primary"] { background: var(--lk-accent); border-color: var(--lk-accent); color: var(--lk-accent-fg); }
.lk-button:disabled { opacity: 0.6; cursor: default; }
.lk-details { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; padding: 12px;
  background: var(--lk-surface); border-radius: var(--lk-radius); }
.lk-details dt { color: var(--lk-muted); }
.lk-details dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; max-height: 240px; overflow: auto; }
`

/** Adds the stylesheet once. */
export function installStyles(doc: Document): void {
  if (doc.getElementById('latchkit-frame-styles')) return
  const style = doc.createElement('style')
  style.id = 'latchkit-frame-styles'
  style.textContent = STYLES
  doc.head.append(style)
}

const VARIABLE_NAME = /^[a-z][a-z0-9-]{0,60}$/
// A value that can hold a colour, a length, a font list or a number, and no rule syntax.
const VARIABLE_VALUE = /^[-\w\s#%.,()"'/+*]{0,200}$/

/**
 * Applies SYNC_THEME: the palette and the variables that pass the checks.
 *
 * @example applyTheme(document, { themeMode: 'dark', themeVariables: { accent: '#ff0080' } })
 */
export function applyTheme(
  doc: Document,
  theme: { themeMode: 'light' | 'dark'; themeVariables?: Record<string, string> | undefined },
): void {
  const root = doc.documentElement
  root.dataset.theme = theme.themeMode
  for (const [name, value] of Object.entries(theme.themeVariables ?? {})) {
    if (!VARIABLE_NAME.test(name) || !VARIABLE_VALUE.test(value)) continue
    // An empty value is the widget's way back to the default.
    if (value === '') root.style.removeProperty(`--lk-${name}`)
    else root.style.setProperty(`--lk-${name}`, value)
  }
}
