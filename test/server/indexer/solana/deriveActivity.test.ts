/**
 * deriveActivity on blocks written by hand, for what the local endpoint's transfers do not
 * show: a failed transaction is 'execute' for its signer only, a token from nobody is a mint.
 */
import { describe, expect, it } from 'vitest'
import { type BlockData, deriveActivity } from '../../../../server/indexer/solana/index.js'

const [payer, other, program, mint] = ['Payer1111', 'Other1111', 'Program111', 'Mint111111']

function block(transaction: BlockData['transactions'][number]): BlockData {
  return { slot: 7n, blockhash: 'hash', blockTime: 1_700_000_000n, transactions: [transaction] }
}

describe('deriveActivity', () => {
  it('a failed transaction only cost its fee: execute for the signer, nothing for the others', () => {
    const activity = deriveActivity(
      block({
        transaction: {
          signatures: ['sig'],
          message: {
            accountKeys: [payer, other, program],
            header: { numRequiredSignatures: 1 },
            instructions: [{ programIdIndex: 2 }],
          },
        },
        meta: {
          err: { InstructionError: [0, { Custom: 1 }] },
          fee: 5000n,
          preBalances: [10_000n, 0n, 1n],
          postBalances: [5_000n, 0n, 1n],
        },
      }),
    )
    expect(activity.transactions).toEqual([
      expect.objectContaining({
        signature: 'sig',
        failed: true,
        fee: '5000',
        block_time: '2023-11-14T22:13:20.000Z',
      }),
    ])
    expect(activity.accounts).toEqual([
      expect.objectContaining({ account: payer, operation_type: 'execute', to_address: program }),
    ])
    expect(activity.transfers).toEqual([])
  })

  it('a token that arrives from nobody was minted', () => {
    const balance = (amount: string) => ({
      accountIndex: 1,
      mint,
      owner: other,
      uiTokenAmount: { amount, decimals: 2 },
    })
    const activity = deriveActivity(
      block({
        transaction: {
          signatures: ['minted'],
          message: {
            accountKeys: [payer, 'TokenAcct1', program],
            header: { numRequiredSignatures: 1 },
            instructions: [{ programIdIndex: 2 }],
          },
        },
        meta: {
          err: null,
          fee: 5000n,
          preBalances: [10_000n, 2n, 1n],
          postBalances: [5_000n, 2n, 1n],
          preTokenBalances: [balance('100')],
          postTokenBalances: [balance('350')],
        },
      }),
    )
    expect(activity.accounts.find((row) => row.account === other)?.operation_type).toBe('mint')
    expect(activity.transfers).toEqual([
      expect.objectContaining({
        account: other,
        kind: 'fungible',
        mint,
        from_address: mint,
        direction: 'in',
        amount: '250',
        decimals: 2,
      }),
    ])
  })
})
