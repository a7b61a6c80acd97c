'use client'
import { useSyncExternalStore } from 'react'

const QUERY = '(prefers-color-scheme: dark)'

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {}
  const list = matchMedia(QUERY)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

const read = () => typeof matchMedia === 'function' && matchMedia(QUERY).matches

// The server cannot know: it and hydration say light, then the client's value follows.
const readOnServer = () => false

/**
 * Whether the visitor's system asks for a dark colour scheme, updated live when it changes.
 * False on the server and during hydration, so the markup matches.
 *
 * @example
 * const prefersDark = usePrefersDark()
 */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(subscribe, read, readOnServer)
}
