'use client'
import { useKernelState } from 'latchkit/react'
import { SEND_PLUGIN_ID } from '../ids'
import { initialSendState, type SendState } from '../state'

const EMPTY = initialSendState()

/**
 * The send slice, re-rendering when it changes.
 *
 * @example
 * const { token, sendTokenAmount } = useSendState()
 */
export function useSendState(): SendState {
  return useKernelState((state) => (state.plugins[SEND_PLUGIN_ID] as SendState | undefined) ?? EMPTY)
}
