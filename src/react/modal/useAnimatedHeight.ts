'use client'
import { type RefObject, useLayoutEffect, useRef, useState } from 'react'

/**
 * Follows the content's height so the outer box can transition to it (over 150 ms, in
 * CSS). Undefined until measured, and where ResizeObserver is missing.
 */
export function useAnimatedHeight<T extends HTMLElement>(): [RefObject<T | null>, number | undefined] {
  const content = useRef<T>(null)
  const [height, setHeight] = useState<number>()
  useLayoutEffect(() => {
    const node = content.current
    if (!node || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setHeight(node.offsetHeight))
    observer.observe(node)
    return () => observer.disconnect()
  }, [])
  return [content, height]
}
