import { defineStorageKey } from 'latchkit/internal'
import * as z from 'zod/mini'

/**
 * The two documents the visitor agreed to, remembered for this browser. Kept by URL: when
 * the app links other documents, the visitor is asked again.
 */
export const agreementSchema = /* @__PURE__ */ z.object({ terms: z.string(), privacy: z.string() })
export type Agreement = z.output<typeof agreementSchema>

/** Where the agreement is kept (the kernel's storage, under the app's prefix). */
export const agreementKey = /* @__PURE__ */ defineStorageKey('legalCheckbox:agreement', agreementSchema)

/** The plugin's state: whether the visitor agreed to the documents the app links now. */
export interface LegalCheckboxState {
  agreed: boolean
}
