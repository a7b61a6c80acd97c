import { ensMessages } from '../messages'

/**
 * The English strings of the RegisterAccountName views, registered when a view loads.
 * `ens.error.<code>` translates the plugin's messages (messages.ts); a refusal the names
 * API explains is shown in the API's words.
 */
export const ensViewStrings = {
  'ens.label': 'Name',
  'ens.placeholder': 'yourname',
  'ens.willBe': 'Your name: {name}',
  'ens.nameTaken': '{name} is already registered',
  'ens.suggestions': 'Suggestions',
  'ens.searching': 'Looking for names…',
  'ens.available': 'Available',
  'ens.taken': 'Registered',
  'ens.register': 'Register',
  'ens.registering': 'Registering…',
  'ens.signHint': 'Your wallet asks you to sign a message. Signing is free.',
  'ens.yours': '{name} is yours',
  'ens.yoursHint': 'It shows instead of your address, and others can send to it.',
  'ens.done': 'Done',
  'ens.failed': 'Something went wrong',
  'ens.error.ENS_NAME_RULE': ensMessages.ENS_NAME_RULE,
  'ens.error.ENS_NAME_TOO_LONG': ensMessages.ENS_NAME_TOO_LONG,
  'ens.error.ENS_NOT_CONNECTED': ensMessages.ENS_NOT_CONNECTED,
  'ens.error.ENS_INVALID_CHAIN_ID': ensMessages.ENS_INVALID_CHAIN_ID,
  'ens.error.ENS_SUGGESTIONS_FAILED': ensMessages.ENS_SUGGESTIONS_FAILED,
  'ens.error.ENS_REGISTER_FAILED': ensMessages.ENS_REGISTER_FAILED,
  'ens.error.ENS_SIGNATURE_DECLINED': ensMessages.ENS_SIGNATURE_DECLINED,
} as const satisfies Record<string, string>
