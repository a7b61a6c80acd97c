// What the embedded wallet's widget test pages do as a dapp would: ask for a signature
// through the connector's provider and send through the kernel, keeping each outcome
// ('pending', the result, or 'failed: <message>') where the test reads it.
import { type Kernel, sendTransaction } from 'latchkit'

export type PageWalletState = { signature: unknown; sent: unknown }

/**
 * @example Object.assign(window, { emailTest: { kernel, ...pageWalletActions(kernel) } })
 */
export function pageWalletActions(kernel: Kernel) {
  const state: PageWalletState = { signature: undefined, sent: undefined }
  const keep = (key: keyof PageWalletState, work: Promise<unknown>) => {
    state[key] = 'pending'
    work.then(
      (value) => {
        state[key] = value
      },
      (error: Error) => {
        state[key] = `failed: ${error.message}`
      },
    )
    return true
  }
  return {
    state,
    /** The page asks the embedded wallet to sign 'hello'. */
    sign() {
      const provider = kernel.connectors.get('embeddedWallet:eip155')?.getProvider() as {
        request(args: { method: string; params: unknown[] }): Promise<unknown>
      }
      const address = kernel.getState().accounts.eip155?.address
      // 'hello', as hex.
      return keep(
        'signature',
        provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] }),
      )
    },
    /** The page sends `wei` to `to` through the kernel, as the send feature would. */
    send(to: string, wei: string) {
      return keep('sent', sendTransaction(kernel, { to, value: BigInt(wei) }))
    },
  }
}
