import { INVALID_CHAIN_ID_MESSAGE } from './coinTypeOf'

/** The messages the names feature raises, keyed by the stable codes that accompany them. */
export const ensMessages = {
  ENS_NAME_RULE: 'Letters, digits or hyphen, at least 4 characters',
  ENS_NAME_TOO_LONG: 'At most 63 characters',
  ENS_NOT_CONNECTED: 'Address or auth connector not found',
  ENS_INVALID_CHAIN_ID: INVALID_CHAIN_ID_MESSAGE,
  ENS_RESOLVE_FAILED: 'Error resolving name',
  ENS_SUGGESTIONS_FAILED: 'Error fetching name suggestions',
  ENS_NAMES_FAILED: 'Error fetching names for address',
  ENS_REGISTER_FAILED: 'Error registering name {name}',
  ENS_SIGNATURE_DECLINED: 'Signature declined: the name was not registered',
} as const

/** A code of {@link ensMessages}. */
export type EnsMessageCode = keyof typeof ensMessages
