/**
 * What a transaction was for one account that it touched, from what it moved for that
 * account. The same transaction is a 'send' for its sender and a 'receive' for its
 * recipient.
 */
import type { Address } from 'viem'

export type OperationType = 'send' | 'receive' | 'trade' | 'approve' | 'mint' | 'burn' | 'execute' | 'deploy'

export type MovedValue = { kind: 'native' | 'fungible' | 'nft'; from: Address; to: Address }

const ZERO = '0x0000000000000000000000000000000000000000'

/**
 * @example
 * operationTypeFor(alice, { from: alice, deployed: false, succeeded: true, transfers: [{ kind: 'native', from: alice, to: bob }], approvedBy: [] })
 * // 'send'
 */
export function operationTypeFor(
  account: Address,
  tx: {
    from: Address
    deployed: boolean
    succeeded: boolean
    transfers: readonly MovedValue[]
    /** Owners that granted an approval in this transaction. */
    approvedBy: readonly Address[]
  },
): OperationType {
  const me = account.toLowerCase()
  if (tx.deployed && tx.from.toLowerCase() === me) return 'deploy'
  if (!tx.succeeded) return 'execute'
  const mine = tx.transfers.filter((t) => t.from.toLowerCase() === me || t.to.toLowerCase() === me)
  const incoming = mine.filter((t) => t.to.toLowerCase() === me && t.from.toLowerCase() !== me)
  const outgoing = mine.filter((t) => t.from.toLowerCase() === me && t.to.toLowerCase() !== me)
  if (incoming.length > 0 && incoming.every((t) => t.from.toLowerCase() === ZERO) && outgoing.length === 0)
    return 'mint'
  if (outgoing.some((t) => t.to.toLowerCase() === ZERO) && incoming.length === 0) return 'burn'
  // ETH counts as a fungible asset here: ETH for a token is a swap as much as token for token.
  const fungible = (t: MovedValue) => t.kind !== 'nft'
  if (incoming.some(fungible) && outgoing.some(fungible)) return 'trade'
  if (outgoing.length > 0) return 'send'
  if (incoming.length > 0) return 'receive'
  if (tx.approvedBy.some((owner) => owner.toLowerCase() === me)) return 'approve'
  return 'execute'
}
