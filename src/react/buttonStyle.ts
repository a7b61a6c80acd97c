'use client'
import type { CSSProperties } from 'react'
import { themeStyle } from './theme'
import { themeTokens } from './tokens'
import { useKernelState } from './useKernelState'

/**
 * Inline styles for the buttons that live in the host page (outside the modal's shadow
 * root): the theme's variables plus a few properties, so they look right without any
 * stylesheet and the host can still restyle them through `className` or `style`.
 */
export function useButtonStyle(variant: 'primary' | 'secondary'): CSSProperties {
  const theme = useKernelState((state) => state.theme)
  const vars = { ...themeTokens[theme.mode], ...themeStyle(theme.variables) } as CSSProperties
  return {
    ...vars,
    display: 'inline-flex',
    alignItems: 'center',
    gap: 8,
    minHeight: 40,
    padding: '0 14px',
    border: variant === 'primary' ? 0 : '1px solid var(--lk-border)',
    borderRadius: 999,
    background: variant === 'primary' ? 'var(--lk-accent)' : 'var(--lk-bg)',
    color: variant === 'primary' ? 'var(--lk-accent-fg)' : 'var(--lk-fg)',
    font: '600 14px var(--lk-font)',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
  }
}
