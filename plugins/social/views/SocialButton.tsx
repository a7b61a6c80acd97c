'use client'
import { useKernel, useT } from 'latchkit/react'
import type { ReactElement } from 'react'
import { SOCIAL_VIEWS } from '../ids'
import { keepPopup } from '../pendingPopups'
import { SOCIAL_PROVIDER_COLORS, SOCIAL_PROVIDER_NAMES, type SocialLoginProvider } from '../providers'
import { openLoginPopup } from '../socialPopup'

/**
 * One provider's button: the login window opens in the click itself (a popup blocker
 * lets that through), then the Connecting view runs the login in it.
 */
export function SocialButton({
  provider,
  wide,
  onBlocked,
}: {
  provider: SocialLoginProvider
  wide: boolean
  onBlocked: (error: unknown) => void
}): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const name = SOCIAL_PROVIDER_NAMES[provider]
  const start = () => {
    try {
      keepPopup(kernel, openLoginPopup())
    } catch (error) {
      onBlocked(error)
      return
    }
    kernel.router.push(SOCIAL_VIEWS.connecting, { provider })
  }
  return (
    <button
      type="button"
      className="lk-secondary"
      onClick={start}
      // Only the narrow button, which shows just the letter mark, needs a label; the wide
      // one is named by its text. A label there would not contain all it shows (mark and
      // text), which speech control relies on (axe: label-content-name-mismatch).
      aria-label={wide ? undefined : t('social.continueWith', { provider: name })}
      data-latchkit="social-provider"
      data-provider={provider}
    >
      <span
        className="lk-social-mark"
        aria-hidden="true"
        style={{ background: SOCIAL_PROVIDER_COLORS[provider] }}
      >
        {name.slice(0, 1)}
      </span>
      {wide ? t('social.continueWith', { provider: name }) : null}
    </button>
  )
}
