/**
 * Token transfers and approvals from a receipt's logs. ERC-20 and ERC-721 share the event
 * signatures `Transfer(address,address,uint256)` and `Approval(address,address,uint256)`
 * and differ only in whether the third argument is indexed, so an ABI cannot tell them
 * apart but the number of topics can: three for ERC-20, four for ERC-721.
 */
import { type Address, getAddress, type Hex, hexToBigInt } from 'viem'

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
export const APPROVAL_FOR_ALL_TOPIC = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'

export type RawLog = { address: Hex; topics: readonly Hex[]; data: Hex; logIndex: Hex | number }

export type TokenTransfer = {
  kind: 'fungible' | 'nft'
  contract: Address
  from: Address
  to: Address
  /** Base units; 1 for an NFT. */
  amount: bigint
  tokenId?: bigint
  logIndex: number
}

export type TokenApproval = {
  kind: 'fungible' | 'nft' | 'all'
  contract: Address
  owner: Address
  spender: Address
  value: bigint
  logIndex: number
}

const topicAddress = (topic: Hex): Address => getAddress(`0x${topic.slice(26)}`)
const word = (data: Hex): bigint | undefined =>
  data.length >= 66 ? hexToBigInt(data.slice(0, 66) as Hex) : undefined
const indexOf = (log: RawLog) => (typeof log.logIndex === 'number' ? log.logIndex : Number(log.logIndex))

/**
 * What one log says about tokens, or undefined when it is none of the three events (or is
 * malformed: a token contract's logs are outside input).
 *
 * @example readTokenLog(receipt.logs[0]) // { type: 'transfer', transfer: { kind: 'fungible', ... } }
 */
export function readTokenLog(
  log: RawLog,
): { type: 'transfer'; transfer: TokenTransfer } | { type: 'approval'; approval: TokenApproval } | undefined {
  const [topic0, t1, t2, t3] = log.topics
  if (!topic0 || !t1 || !t2) return undefined
  const contract = getAddress(log.address)
  const logIndex = indexOf(log)
  if (topic0 === TRANSFER_TOPIC) {
    const from = topicAddress(t1)
    const to = topicAddress(t2)
    if (log.topics.length === 4 && t3) {
      return {
        type: 'transfer',
        transfer: { kind: 'nft', contract, from, to, amount: 1n, tokenId: hexToBigInt(t3), logIndex },
      }
    }
    const amount = log.topics.length === 3 ? word(log.data) : undefined
    if (amount === undefined) return undefined
    return { type: 'transfer', transfer: { kind: 'fungible', contract, from, to, amount, logIndex } }
  }
  if (topic0 === APPROVAL_TOPIC) {
    const owner = topicAddress(t1)
    const spender = topicAddress(t2)
    if (log.topics.length === 4 && t3) {
      return {
        type: 'approval',
        approval: { kind: 'nft', contract, owner, spender, value: hexToBigInt(t3), logIndex },
      }
    }
    const value = log.topics.length === 3 ? word(log.data) : undefined
    if (value === undefined) return undefined
    return { type: 'approval', approval: { kind: 'fungible', contract, owner, spender, value, logIndex } }
  }
  if (topic0 === APPROVAL_FOR_ALL_TOPIC && log.topics.length === 3) {
    const value = word(log.data)
    if (value === undefined) return undefined
    return {
      type: 'approval',
      approval: {
        kind: 'all',
        contract,
        owner: topicAddress(t1),
        spender: topicAddress(t2),
        value: value === 0n ? 0n : 1n,
        logIndex,
      },
    }
  }
  return undefined
}
