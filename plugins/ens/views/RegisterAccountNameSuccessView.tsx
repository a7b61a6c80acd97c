'use client'
import { useAccount, useKernel, useRoute, useT } from 'latchkit/react'
import type { ReactElement } from 'react'

/**
 * RegisterAccountNameSuccess: the name just registered (the `name` param, else the
 * account's name), and Done back to the Account view.
 */
export default function RegisterAccountNameSuccessView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const account = useAccount()
  const { params } = useRoute<{ name: string }>()
  const name = params.name ?? account.profileName ?? ''
  return (
    <div className="lk-stack lk-center" data-latchkit="ens-success">
      <h3 data-latchkit="ens-registered-name">{t('ens.yours', { name })}</h3>
      <p className="lk-muted">{t('ens.yoursHint')}</p>
      <button type="button" className="lk-primary" onClick={() => kernel.router.reset('Account')}>
        {t('ens.done')}
      </button>
    </div>
  )
}

export { ensViewStrings as viewStrings } from './viewStrings'
