'use client'
import type { ButtonHTMLAttributes, ReactElement } from 'react'
import { useButtonStyle } from './buttonStyle'
import { useKernel } from './context'
import { safeImageUrl } from './format'
import { useLocaleDirection, useT } from './useI18n'
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
  const dir = useLocaleDirection()
  const { caipNetwork } = useNetwork()
  const base = useButtonStyle('secondary')
  const icon = safeImageUrl(caipNetwork?.imageUrl)
  return (
    <button
      type="button"
      dir={dir}
      data-latchkit="network-button"
      onClick={() => kernel.open({ view: 'Networks' })}
      {...props}
      style={{ ...base, ...style }}
    >
      {/* All reset: the page's img rules do not reach it. */}
      {icon && (
        <img
          src={icon}
          alt=""
          width={20}
          height={20}
          style={{ all: 'unset', width: 20, height: 20, borderRadius: '50%' }}
        />
      )}
      {caipNetwork?.name ?? t('button.network')}
    </button>
  )
}
