import { sendMessages } from '../messages'

/**
 * The English strings of the Send and SendPreview views, registered when a view loads.
 * `send.error.<code>` translates the ValidationError codes of prepareSend; the form's
 * basic rules default to the plugin's own messages (messages.ts), so the English text is
 * the one its errors carry.
 */
export const sendViewStrings = {
  'send.token': 'Token',
  'send.tokenPlaceholder': 'Select a token',
  'send.noTokens': 'Nothing to send yet: the balance is still loading or empty.',
  'send.amount': 'Amount',
  'send.max': 'Max',
  'send.balance': 'Balance: {balance}',
  'send.receiver': 'To',
  'send.receiverPlaceholder': 'Address or name',
  'send.resolving': 'Looking up {name}...',
  'send.resolved': '{name}: {address}',
  'send.unknownName': 'No address found for {name}',
  'send.lookupFailed': 'Could not look up {name}',
  'send.fee': 'Network fee',
  'send.feeEstimating': 'Estimating...',
  'send.feeUnavailable': 'Unavailable',
  'send.networkBalance': 'Network balance',
  'send.network': 'Network',
  'send.preview': 'Preview Send',
  'send.confirm': 'Send',
  'send.cancel': 'Cancel',
  'send.sending': 'Sending...',
  'send.sent': 'Sent {hash}',
  'send.recent': 'Recent sends',
  'send.viewOnExplorer': 'View on explorer',
  'send.copyHash': 'Copy hash',
  'send.hashCopied': 'Hash copied',
  'send.declined': 'Transaction declined',
  'send.warning.burn': 'This is a burn address: nobody can spend from it, so whatever you send is lost.',
  'send.warning.tokenContract': "This is the token's own contract: tokens sent to it are usually lost.",
  'send.warning.self': 'This is your own address: the send only costs the network fee.',
  'send.warning.accept': 'I understand, send anyway',
  'send.failed': 'Transaction failed',
  'send.error.SEND_AMOUNT_AND_RECEIVER_REQUIRED': sendMessages.SEND_AMOUNT_AND_RECEIVER_REQUIRED,
  'send.error.SEND_TOKEN_REQUIRED': sendMessages.SEND_TOKEN_REQUIRED,
  'send.error.UNSUPPORTED_CHAIN': sendMessages.UNSUPPORTED_CHAIN,
  'send.error.SEND_INVALID_RECEIVER': 'Invalid address',
  'send.error.SEND_INVALID_AMOUNT': 'Invalid amount',
  'send.error.SEND_AMOUNT_ZERO': sendMessages.SEND_AMOUNT_ZERO,
  'send.error.SEND_INSUFFICIENT_BALANCE': 'Insufficient balance',
} as const satisfies Record<string, string>
