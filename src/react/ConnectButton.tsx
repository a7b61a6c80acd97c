'use client'
import type { ButtonHTMLAttributes, ReactElement } from 'react'
import { AccountButton } from './AccountButton'
import { useButtonStyle } from './buttonStyle'
import { useKernel } from './context'
import { useAccount } from './useAccount'
import { useLocaleDirection, useT } from './useI18n'

export type ConnectButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Text instead of the 'button.connect' string. */
  label?: string
}

/**
 * Opens the Connect view; once connected, or while a known account reconnects, it shows
 * the {@link AccountButton}.
 *
 * @example
 * <LatchProvider kernel={kernel}><ConnectButton /></LatchProvider>
 */
export function ConnectButton({ label, style, ...props }: ConnectButtonProps): ReactElement {
  const kernel = useKernel('ConnectButton')
  const t = useT()
  const dir = useLocaleDirection()
  const { isConnected, status, address } = useAccount()
  const base = useButtonStyle('primary')
  // A returning visitor's account (from `initialState`) shows while it reconnects, on the
  // server and in the browser alike, instead of 'Connect' flashing first.
  if (isConnected || (status === 'reconnecting' && address)) return <AccountButton />
  const busy = status === 'connecting' || status === 'reconnecting'
  return (
    <button
      type="button"
      dir={dir}
      data-latchkit="connect-button"
      aria-busy={busy || undefined}
      onClick={() => kernel.open({ view: 'Connect' })}
      {...props}
      style={{ ...base, ...style }}
    >
      {busy ? t('button.connecting') : (label ?? t('button.connect'))}
    </button>
  )
}
