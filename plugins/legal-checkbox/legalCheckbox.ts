import { definePlugin, type Plugin } from 'latchkit'
import { type Agreement, agreementKey, type LegalCheckboxState } from './agreement'
import type { LegalCheckboxController } from './controller'
import { LEGAL_CHECKBOX_PLUGIN_ID } from './ids'
import { checkOptions, type LegalCheckboxOptions } from './options'
import { legalCheckboxStrings } from './strings'
import { LegalGate } from './views/LegalGate'

/**
 * The legal checkbox: the Connect view shows "I agree to the Terms of Service and Privacy
 * Policy" with the app's two links, and every way to connect (email, social login,
 * Farcaster, the wallets, WalletConnect) stays disabled, saying why, until the visitor ticks
 * it. The choice is remembered for the browser, per pair of documents: link new ones and
 * visitors are asked again.
 *
 * @example
 * import { legalCheckbox } from 'latchkit/plugins/legal-checkbox'
 * createKernel({
 *   networks,
 *   plugins: [legalCheckbox({ termsConditionsUrl: 'https://app.example/terms', privacyPolicyUrl: 'https://app.example/privacy' })],
 * })
 */
export function legalCheckbox(options: LegalCheckboxOptions): Plugin<LegalCheckboxState> {
  const { termsConditionsUrl, privacyPolicyUrl } = checkOptions(options)
  const current: Agreement = { terms: termsConditionsUrl, privacy: privacyPolicyUrl }
  return definePlugin<LegalCheckboxState>({
    id: LEGAL_CHECKBOX_PLUGIN_ID,
    initialState: () => ({ agreed: false }),
    setup(ctx) {
      ctx.i18n.register(legalCheckboxStrings)
      const stored = ctx.storage.get(agreementKey)
      if (stored?.terms === current.terms && stored.privacy === current.privacy) {
        ctx.state.set((draft) => {
          draft.agreed = true
        })
      }
      const controller: LegalCheckboxController = {
        termsConditionsUrl,
        privacyPolicyUrl,
        agreed: () => ctx.state.get().agreed,
        setAgreed(agreed) {
          ctx.state.set((draft) => {
            draft.agreed = agreed
          })
          if (agreed) ctx.storage.set(agreementKey, current)
          else ctx.storage.remove(agreementKey)
        },
      }
      ctx.services.add(LEGAL_CHECKBOX_PLUGIN_ID, controller)
      ctx.slots.contribute('connectGates', {
        id: LEGAL_CHECKBOX_PLUGIN_ID,
        component: LegalGate,
        blocked: () => (ctx.state.get().agreed ? undefined : ctx.i18n.t('legalCheckbox.required')),
      })
    },
  })
}
