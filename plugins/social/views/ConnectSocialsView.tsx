'use client'
import { useT } from 'latchkit/react'
import { type ReactElement, useState } from 'react'
import { socialFailure } from '../socialFailure'
import { SocialButton } from './SocialButton'
import { socialCss } from './socialCss'
import { useSocialProviders } from './useSocialProviders'

/** Every provider the app offers, each a wide button. */
export default function ConnectSocialsView(): ReactElement {
  const t = useT()
  const providers = useSocialProviders()
  const [failure, setFailure] = useState<unknown>()
  return (
    <div className="lk-stack" data-latchkit="social-all">
      <style>{socialCss}</style>
      {providers.map((provider) => (
        <SocialButton key={provider} provider={provider} wide onBlocked={setFailure} />
      ))}
      {failure ? (
        <p className="lk-social-error" role="alert">
          {socialFailure(failure, t, t('social.failed'))}
        </p>
      ) : null}
    </div>
  )
}
