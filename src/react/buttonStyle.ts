'use client'
import type { CSSProperties } from 'react'
import { themeStyle } from './theme'
import { colorSchemes, themeTokens } from './tokens'
import { useKernelState } from './useKernelState'

/**
 * Inline styles for the buttons that live in the host page (outside the modal's shadow
 * root): the theme's variables, the look, and explicit values for what the page would
 * otherwise pass on (inherited text properties) or set with ordinary rules (`button`,
 * `*`, class selectors), since an inline declaration beats any of those. A page rule
 * marked `!important`, or the `style` prop, still restyles them: that is the way in for
 * an integrator who means to.
 *
 * @example
 * const style = useButtonStyle('primary')
 * <button style={{ ...style, ...props.style }} />
 */
export function useButtonStyle(variant: 'primary' | 'secondary'): CSSProperties {
  const theme = useKernelState((state) => state.theme)
  const vars = { ...themeTokens[theme.mode], ...themeStyle(theme.variables) } as CSSProperties
  return {
    ...vars,
    colorScheme: colorSchemes[theme.mode],
    boxSizing: 'border-box',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 8,
    width: 'auto',
    height: 'auto',
    minHeight: 40,
    margin: 0,
    padding: '0 14px',
    border: variant === 'primary' ? 0 : 'var(--lk-border-width) solid var(--lk-border)',
    borderRadius: 'var(--lk-radius-pill)',
    background: variant === 'primary' ? 'var(--lk-accent)' : 'var(--lk-bg)',
    boxShadow: 'none',
    color: variant === 'primary' ? 'var(--lk-accent-fg)' : 'var(--lk-fg)',
    // The shorthand also resets style, variant, stretch and line-height.
    font: '600 14px/normal var(--lk-font)',
    letterSpacing: 'normal',
    wordSpacing: 'normal',
    textTransform: 'none',
    textDecoration: 'none',
    textShadow: 'none',
    textIndent: 0,
    textAlign: 'center',
    verticalAlign: 'middle',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
  }
}

/**
 * For an element inside one of those buttons: every property back to its initial value or
 * the button's, so that `span` or `*` rules of the page do not reach it either.
 *
 * @example
 * <span style={buttonPart}>{name}</span>
 */
export const buttonPart: CSSProperties = { all: 'unset' }
