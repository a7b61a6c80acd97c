'use client'
import type { ButtonHTMLAttributes, ReactElement } from 'react'
import { buttonPart, useButtonStyle } from './buttonStyle'
import { useKernel } from './context'
import { safeImageUrl } from './format'
import { useT } from './useI18n'
import { useNetwork } from './useNetwork'

/**
 * The active network; opens the Networks view to switch.
 *
 * @example
 * <NetworkButton />
 */
export function NetworkButton({ style, ...props }: ButtonHTMLAttributes<HTMLButtonElement>): ReactElement {
  const kernel = useKernel('NetworkButton')
  const t = useT()
  const { caipNetwork } = useNetwork()
  const base = useButtonStyle('secondary')
  const icon = safeImageUrl(caipNetwork?.imageUrl)
  return (
    <button
      type="button"
      data-latchkit="network-button"
      onClick={() => kernel.open({ view: 'Networks' })}
      {...props}
      style={{ ...base, ...style }}
    >
      {icon && (
        <img
          src={icon}
          alt=""
          width={20}
          height={20}
          style={{ ...buttonPart, width: 20, height: 20, borderRadius: '50%' }}
        />
      )}
      <span style={buttonPart}>{caipNetwork?.name ?? t('button.network')}</span>
    </button>
  )
}
