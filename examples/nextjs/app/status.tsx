'use client'
import { useAccount } from 'latchkit/react'

/** The connection status as the hooks see it: 'reconnecting' until the wallet confirms. */
export function ConnectionStatus() {
  const { status, balance, balanceSymbol } = useAccount()
  return (
    <p>
      Status: <output data-testid="connection-status">{status}</output>
      {balance !== undefined && (
        <>
          {' '}
          · Balance:{' '}
          <output data-testid="balance">
            {balance} {balanceSymbol}
          </output>
        </>
      )}
    </p>
  )
}
