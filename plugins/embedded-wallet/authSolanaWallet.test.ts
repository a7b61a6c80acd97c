import { solanaCommitments } from 'latchkit/adapters/solana'
import { describe, expect, it } from 'vitest'
import type { AuthSession } from './authSession'
import { authSolanaWallet, sendOptions } from './authSolanaWallet'

describe('sendOptions', () => {
  it('passes only the four send options the Solana rule names, each of its type', () => {
    expect(
      sendOptions(
        {
          skipPreflight: true,
          preflightCommitment: 'confirmed',
          maxRetries: 3,
          minContextSlot: 9,
          extra: 1,
        },
        solanaCommitments,
      ),
    ).toEqual({ skipPreflight: true, preflightCommitment: 'confirmed', maxRetries: 3, minContextSlot: 9 })
    expect(
      sendOptions({ skipPreflight: 'yes', preflightCommitment: 'soon', maxRetries: '3' }, solanaCommitments),
    ).toBeUndefined()
    expect(sendOptions(undefined, solanaCommitments)).toBeUndefined()
  })
})

describe('authSolanaWallet', () => {
  it("sends the Solana adapter's commitments on to the frame and drops any other", async () => {
    const requests: { method: string; params: Record<string, unknown> }[] = []
    const session = {
      user: () => ({ address: 'So11111111111111111111111111111111111111112', chainId: 'solana:devnet' }),
      request: async (_type: string, payload: { method: string; params: Record<string, unknown> }) => {
        requests.push(payload)
        return { result: { signature: '1111111111111111111111111111111111111111111111111111111111111111' } }
      },
    } as unknown as AuthSession
    const wallet = authSolanaWallet(session, 'Embedded wallet', 'data:image/png;base64,AA==')
    const feature = wallet.features['solana:signAndSendTransaction'] as {
      signAndSendTransaction(
        ...inputs: { transaction: Uint8Array; options?: Record<string, unknown> }[]
      ): Promise<unknown>
    }
    await feature.signAndSendTransaction(
      { transaction: new Uint8Array([1, 2, 3]), options: { preflightCommitment: 'singleGossip' } },
      { transaction: new Uint8Array([1, 2, 3]), options: { preflightCommitment: 'soon' } },
    )
    expect(requests.map((r) => r.params.options)).toEqual([
      { preflightCommitment: 'singleGossip' },
      undefined,
    ])
  })
})
