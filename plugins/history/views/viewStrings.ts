import { historyMessages } from '../messages'

/** The activity list's strings, loaded with it. `{address}` is the counterparty: its name, or its address shortened. */
export const historyViewStrings = {
  'history.empty': 'No activity yet',
  'history.emptyHint': 'Transactions of this account on this network will show here.',
  'history.failed': historyMessages.HISTORY_FETCH_FAILED,
  'history.retry': 'Try again',
  'history.loadingMore': 'Loading more…',
  'history.indexing': 'Your activity is on its way',
  'history.indexingPercent': 'Indexing, {percent}',
  'history.indexingHint': 'The history is catching up with the network. It shows here by itself.',
  'history.pending': 'Pending',
  'history.failedStatus': 'Failed',
  'history.to': 'to {address}',
  'history.from': 'from {address}',
  'history.fee': 'Fee {amount}',
  'history.op.send': 'Sent',
  'history.op.receive': 'Received',
  'history.op.trade': 'Swapped',
  'history.op.approve': 'Approved',
  'history.op.mint': 'Minted',
  'history.op.burn': 'Burnt',
  'history.op.buy': 'Bought',
  'history.op.execute': 'Executed',
  'history.op.deploy': 'Deployed',
} as const satisfies Record<string, string>
