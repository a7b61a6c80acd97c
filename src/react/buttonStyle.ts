'use client'
import type { CSSProperties } from 'react'
import { themeProperties } from './theme'
import { useKernelState } from './useKernelState'

/**
 * Inline styles for the buttons that live in the host page (outside the modal's shadow
 * root): the theme's variables and the look. `all: revert` first drops every rule of the
 * page's stylesheets (short of `!important`) back to the browser's own button style, which
 * also resets the text properties a page passes on (letter and word spacing, line height,
 * transform, indent, shadow); what that leaves inherited is set here. A page rule marked
 * `!important`, or the `style` prop, still restyles them: that is the way in for an
 * integrator who means to.
 *
 * @example
 * const style = useButtonStyle('primary')
 * <button style={{ ...style, ...props.style }} />
 */
export function useButtonStyle(variant: 'primary' | 'secondary'): CSSProperties {
  const theme = useKernelState((state) => state.theme)
  return {
    all: 'revert',
    ...themeProperties(theme),
    boxSizing: 'border-box',
    display: 'inline-flex',
    alignItems: 'center',
    gap: 8,
    minHeight: 40,
    margin: 0,
    padding: '0 14px',
    border: variant === 'primary' ? 0 : 'var(--lk-border-width) solid var(--lk-border)',
    borderRadius: 'var(--lk-radius-pill)',
    background: variant === 'primary' ? 'var(--lk-accent)' : 'var(--lk-bg)',
    color: variant === 'primary' ? 'var(--lk-accent-fg)' : 'var(--lk-fg)',
    // The shorthand also resets style, variant, stretch and line-height.
    font: '600 14px var(--lk-font)',
    textAlign: 'center',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
  } as CSSProperties
}
