/**
 * Native currency moved by one transaction. Internal transfers (a contract paying out ETH)
 * appear only in call traces, so they come from `debug_traceBlockByNumber` with the
 * callTracer; when the node will not trace the block, the transaction's own `value` is
 * the best that is known (top-level transfers only).
 */
import { type Address, getAddress, type Hex, hexToBigInt } from 'viem'

/** One frame of geth's callTracer output. */
export type CallFrame = {
  type: string
  from: Hex
  to?: Hex
  value?: Hex
  error?: string
  calls?: CallFrame[]
}

export type NativeTransfer = { from: Address; to: Address; amount: bigint; position: number }

// DELEGATECALL and STATICCALL move no value even when a value is shown; a failed frame's
// value went back with it, and so did everything under it.
const movesValue = new Set(['CALL', 'CALLCODE', 'CREATE', 'CREATE2', 'SELFDESTRUCT'])

/**
 * Every value-carrying frame that succeeded, depth first (the order they ran in).
 *
 * @example nativeTransfersFromTrace(trace) // [{ from, to, amount: 10n ** 18n, position: 0 }]
 */
export function nativeTransfersFromTrace(root: CallFrame): NativeTransfer[] {
  const transfers: NativeTransfer[] = []
  const visit = (frame: CallFrame) => {
    if (frame.error) return
    const amount = frame.value ? hexToBigInt(frame.value) : 0n
    if (amount > 0n && frame.to && movesValue.has(frame.type.toUpperCase())) {
      transfers.push({
        from: getAddress(frame.from),
        to: getAddress(frame.to),
        amount,
        position: transfers.length,
      })
    }
    for (const call of frame.calls ?? []) visit(call)
  }
  visit(root)
  return transfers
}

/**
 * The fallback without traces: the top-level value of a transaction that succeeded.
 *
 * @example nativeTransferFromValue({ from, to, value: 5n }, true) // [{ from, to, amount: 5n, position: 0 }]
 */
export function nativeTransferFromValue(
  tx: { from: Address; to: Address | null; value: bigint },
  succeeded: boolean,
  createdContract?: Address | null,
): NativeTransfer[] {
  const to = tx.to ?? createdContract
  if (!succeeded || tx.value === 0n || !to) return []
  return [{ from: getAddress(tx.from), to: getAddress(to), amount: tx.value, position: 0 }]
}
