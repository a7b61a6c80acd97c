// What the embedded wallet's widget test pages do as a dapp would: ask for a signature
// through the connector's provider and send through the kernel, keeping each outcome
// ('pending', the result, or 'failed: <message>') where the test reads it; and ask through
// a viem wallet client and wagmi (latchkit/wagmi), keeping what they make of a refusal.
import { type Kernel, sendTransaction } from 'latchkit'
import { latchkitConnector } from 'latchkit/wagmi'
import { type Address, createWalletClient, custom, defineChain, type EIP1193Provider } from 'viem'
import { type Config, createConfig, http } from 'wagmi'
import { reconnect, signMessage } from 'wagmi/actions'

export type PageWalletState = { signature: unknown; sent: unknown; asked: Record<string, string> }

/** A dapp's request through viem or wagmi: `<kind>` names the library and the method. */
export type AskKind = 'viemSign' | 'viemSend' | 'wagmiSign'

/**
 * @example Object.assign(window, { emailTest: { kernel, ...pageWalletActions(kernel) } })
 */
export function pageWalletActions(kernel: Kernel) {
  const state: PageWalletState = { signature: undefined, sent: undefined, asked: {} }
  const provider = () => kernel.connectors.get('embeddedWallet:eip155')?.getProvider() as EIP1193Provider
  const address = () => kernel.getState().accounts.eip155?.address as Address
  let wagmi: Promise<Config> | undefined
  /** wagmi with latchkit/wagmi's connector on the page's chain, reconnected to Latchkit's wallet. */
  const wagmiConfig = () => {
    wagmi ??= (async () => {
      const network = kernel.networks('eip155')[0]!
      const chain = defineChain({
        id: Number(network.id),
        name: network.name,
        nativeCurrency: network.nativeCurrency,
        rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
      })
      const config = createConfig({
        chains: [chain],
        connectors: [latchkitConnector(kernel)],
        multiInjectedProviderDiscovery: false,
        storage: null,
        transports: { [chain.id]: http() },
      })
      await reconnect(config)
      return config
    })()
    return wagmi
  }
  const requests: Record<AskKind, () => Promise<unknown>> = {
    viemSign: () =>
      createWalletClient({ account: address(), transport: custom(provider()) }).signMessage({
        message: 'hello',
      }),
    viemSend: () =>
      createWalletClient({ transport: custom(provider()) }).request({
        method: 'eth_sendTransaction',
        params: [{ from: address(), to: address(), value: '0x1' }],
      }),
    wagmiSign: async () => signMessage(await wagmiConfig(), { message: 'hello' }),
  }
  const keep = (key: 'signature' | 'sent', work: Promise<unknown>) => {
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
    /** The page asks through viem or wagmi; `asked[kind]` becomes 'done' or `<error name> <code>`. */
    ask(kind: AskKind) {
      state.asked[kind] = 'pending'
      requests[kind]().then(
        () => {
          state.asked[kind] = 'done'
        },
        (error: { name?: string; code?: unknown }) => {
          state.asked[kind] = `${error.name} ${String(error.code)}`
        },
      )
      return true
    },
    /** The page sends `wei` to `to` through the kernel, as the send feature would. */
    send(to: string, wei: string) {
      return keep('sent', sendTransaction(kernel, { to, value: BigInt(wei) }))
    },
  }
}
