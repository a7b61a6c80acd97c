import type { Kernel } from 'latchkit'
import { legalCheckboxController } from './controller'

/**
 * Records that the visitor agreed (or, with `false`, no longer agrees) to the app's terms,
 * as ticking the checkbox does: for a UI of your own. Throws a ConfigError when the plugin
 * is not installed.
 *
 * @example agreeToLegalTerms(kernel) // the ways to connect are enabled
 */
export function agreeToLegalTerms(kernel: Kernel, agreed = true): void {
  legalCheckboxController(kernel).setAgreed(agreed)
}

/**
 * Whether the visitor agreed to the documents the app links now (in this browser, now or
 * on an earlier visit).
 *
 * @example if (!hasAgreedToLegalTerms(kernel)) showMyTermsDialog()
 */
export function hasAgreedToLegalTerms(kernel: Kernel): boolean {
  return legalCheckboxController(kernel).agreed()
}
