/**
 * The history's page cursor: the position of the last transaction of a page (block,
 * position in the block, chain), base64url-encoded so callers treat it as opaque. A
 * position, not an offset, so a page stays the same when new blocks arrive.
 */

export type HistoryPosition = { blockNumber: bigint; transactionIndex: number; chainId: number }

/**
 * @example encodeHistoryCursor({ blockNumber: 12n, transactionIndex: 0, chainId: 31337 }) // 'MTIuMC4zMTMzNw'
 */
export function encodeHistoryCursor(position: HistoryPosition): string {
  return Buffer.from(`${position.blockNumber}.${position.transactionIndex}.${position.chainId}`).toString(
    'base64url',
  )
}

/**
 * The position a cursor stands for, or undefined when it is not one of ours.
 *
 * @example decodeHistoryCursor('MTIuMC4zMTMzNw') // { blockNumber: 12n, transactionIndex: 0, chainId: 31337 }
 */
export function decodeHistoryCursor(cursor: string): HistoryPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return undefined
  const match = /^(\d{1,20})\.(\d{1,9})\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match) return undefined
  return { blockNumber: BigInt(match[1]!), transactionIndex: Number(match[2]), chainId: Number(match[3]) }
}
