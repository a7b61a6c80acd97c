import type { ComponentType as ReactComponentType } from 'react'

export type ComponentType = ReactComponentType<object>

/** A function component, class, or an exotic component (memo, forwardRef, lazy). */
export function isValidElementType(value: unknown): value is ComponentType {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value)
}
