/** The messages the history feature raises, keyed by the stable codes that accompany them. */
export const historyMessages = {
  HISTORY_FETCH_FAILED: 'Failed to fetch transactions',
  HISTORY_ACCOUNT_REQUIRED: "Transactions can't be fetched without an accountAddress",
} as const
