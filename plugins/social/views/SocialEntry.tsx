'use client'
import { useKernel, useT } from 'latchkit/react'
import { type ReactElement, useState } from 'react'
import { SOCIAL_VIEWS } from '../ids'
import { socialFailure } from '../socialFailure'
import { SocialButton } from './SocialButton'
import { socialCss } from './socialCss'
import { useSocialProviders } from './useSocialProviders'

/** How many providers the Connect view shows before "More": one wide, then a row of three. */
const SHOWN = 4

/**
 * The social connect method on the Connect view: the first provider as a wide button,
 * the next three as a row, the rest behind "More".
 */
export default function SocialEntry(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const providers = useSocialProviders()
  const [failure, setFailure] = useState<unknown>()
  const [first, ...rest] = providers
  const row = providers.length > SHOWN ? rest.slice(0, SHOWN - 2) : rest
  return (
    <div className="lk-stack" data-latchkit="social-login">
      <style>{socialCss}</style>
      {first ? <SocialButton provider={first} wide onBlocked={setFailure} /> : null}
      {row.length > 0 || providers.length > SHOWN ? (
        <div className="lk-social-row">
          {row.map((provider) => (
            <SocialButton key={provider} provider={provider} wide={false} onBlocked={setFailure} />
          ))}
          {providers.length > SHOWN ? (
            <button
              type="button"
              className="lk-secondary"
              onClick={() => kernel.router.push(SOCIAL_VIEWS.all)}
              data-latchkit="social-more"
            >
              {t('social.more')}
            </button>
          ) : null}
        </div>
      ) : null}
      {failure ? (
        <p className="lk-social-error" role="alert" data-latchkit="social-error">
          {socialFailure(failure, t, t('social.failed'))}
        </p>
      ) : null}
    </div>
  )
}
