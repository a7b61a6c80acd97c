'use client'
import type { Kernel, ThemeState } from 'latchkit'
import { useCallback } from 'react'
import { useKernel } from './context'
import { colorScheme, themeTokens } from './tokens'
import { useKernelState } from './useKernelState'
import { usePrefersDark } from './usePrefersDark'

/** What can change at runtime: the mode, and variables merged over the current ones. */
export interface ThemePatch {
  mode?: ThemeState['mode']
  /** `accent` and `--lk-accent` name the same variable; an empty string removes one. */
  variables?: Record<string, string>
}

/**
 * Changes the theme of every modal and button bound to `kernel`, at runtime.
 *
 * @example
 * setTheme(kernel, { mode: 'dark', variables: { accent: '#ff007a', radius: '4px' } })
 */
export function setTheme(kernel: Kernel, patch: ThemePatch): void {
  kernel.store.setState((draft) => {
    if (patch.mode) draft.theme.mode = patch.mode
    for (const [name, value] of Object.entries(patch.variables ?? {})) {
      const key = cssVariableName(name)
      for (const existing of Object.keys(draft.theme.variables)) {
        if (cssVariableName(existing) === key) delete draft.theme.variables[existing]
      }
      if (value !== '') draft.theme.variables[key] = value
    }
  })
}

/** What {@link useTheme} returns. */
export interface ThemeControls extends ThemeState {
  /**
   * The scheme the widget shows: `mode`, or in `system` mode what the visitor's system
   * asks for, updated live (`light` on the server and during hydration).
   */
  resolvedMode: 'light' | 'dark'
  setTheme(patch: ThemePatch): void
}

/**
 * The theme and a setter bound to the provider's kernel.
 *
 * @example
 * const { mode, resolvedMode, setTheme } = useTheme()
 * <button onClick={() => setTheme({ mode: resolvedMode === 'dark' ? 'light' : 'dark' })}>Toggle</button>
 */
export function useTheme(): ThemeControls {
  const kernel = useKernel('useTheme')
  const theme = useKernelState((state) => state.theme)
  const prefersDark = usePrefersDark()
  const set = useCallback((patch: ThemePatch) => setTheme(kernel, patch), [kernel])
  const resolvedMode = theme.mode === 'system' ? (prefersDark ? 'dark' : 'light') : theme.mode
  return { ...theme, resolvedMode, setTheme: set }
}

/**
 * The custom property a theme variable sets: names that already start with `--` are kept.
 *
 * @example
 * cssVariableName('accent') // '--lk-accent'
 */
export function cssVariableName(name: string): string {
  return name.startsWith('--') ? name : `--lk-${name}`
}

/**
 * What the modal's root and each button carry inline: the mode's defaults of every
 * variable, the integrator's variables over them, and the `color-scheme` that resolves
 * `system` mode. Set on the element itself, so custom properties of the page never win.
 *
 * @example
 * <div style={themeProperties({ mode: 'dark', variables: { accent: '#ff007a' } })} />
 */
export function themeProperties(theme: ThemeState): Record<string, string> {
  return { ...themeTokens[theme.mode], ...themeStyle(theme.variables), colorScheme: colorScheme(theme.mode) }
}

/**
 * Theme variables as an inline style. Only custom properties pass: a variable can never
 * smuggle in another CSS property.
 *
 * @example
 * themeStyle({ accent: '#ff007a', 'x;color:red': 'blue' }) // { '--lk-accent': '#ff007a' }
 */
export function themeStyle(variables: Record<string, string>): Record<string, string> {
  const style: Record<string, string> = {}
  for (const [name, value] of Object.entries(variables)) {
    const key = cssVariableName(name)
    if (/^--[\w-]+$/.test(key)) style[key] = value
  }
  return style
}
