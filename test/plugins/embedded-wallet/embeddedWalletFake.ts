// biome-ignore-all lint/correctness/noComponentHookFactories: the frame's request types are upper case; these are handlers, not components

import {
  type ChainAdapter,
  createKernel,
  definePlugin,
  type Kernel,
  type Network,
  type Plugin,
  type StorageBackend,
} from 'latchkit'
import { createMemoryBackend } from 'latchkit/internal'
import type { FrameRuntime } from '../../../plugins/embedded-wallet/authSession'
import type { FrameClient } from '../../../plugins/embedded-wallet/createFrameClient'
import { setupEmbeddedWallet } from '../../../plugins/embedded-wallet/embeddedWallet'
import type { FrameEvent } from '../../../plugins/embedded-wallet/frameMessages'
import { BOB, localnet } from '../helpers'

export const SOL_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

export type Handler = (payload: Record<string, unknown>) => unknown

/**
 * A frame that answers from a table, records what it was asked and lets the test send
 * its events. The real client runs against a frame page in Chromium
 * (test/plugins/embedded-wallet/frameClient.browser.test.ts); here only the session's bookkeeping is
 * under test.
 */
export function fakeFrame() {
  const asked: { type: string; payload: Record<string, unknown> }[] = []
  const listeners = new Set<(event: FrameEvent) => void>()
  const overlay = { shown: [] as number[], hidden: 0, placeholder: false }
  let created = 0
  let ready: () => Promise<void> = async () => {}
  const handlers: Record<string, Handler> = {
    IS_CONNECTED: () => ({ isConnected: true }),
    GET_USER: ({ chainId }) => ({
      email: 'ada@example.com',
      address: String(chainId).startsWith('solana:') ? SOL_ADDRESS : BOB,
      chainId,
      accounts: [{ address: String(chainId).startsWith('solana:') ? SOL_ADDRESS : BOB, type: 'eoa' }],
      // As the frame does: the account it uses is the eoa, whatever the preference.
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    }),
    SWITCH_NETWORK: ({ chainId }) => ({ chainId }),
    SIGN_OUT: () => ({}),
    SYNC_DAPP_DATA: () => ({}),
    SYNC_THEME: () => ({}),
  }
  const runtime: FrameRuntime = {
    createFrameClient: () => {
      created++
      const client: FrameClient = {
        iframe: document.createElement('iframe'),
        origin: 'http://127.0.0.1:9',
        ready: () => ready(),
        async request(type, payload) {
          asked.push({ type, payload: payload as Record<string, unknown> })
          const handler = handlers[type]
          if (!handler) throw new Error(`the fake frame has no ${type}`)
          return handler(payload as Record<string, unknown>) as never
        },
        onEvent(listener) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
        destroy: () => {},
      }
      return client
    },
    createFrameOverlay: () => ({
      setPlaceholder: () => {
        overlay.placeholder = true
        return () => {
          overlay.placeholder = false
        }
      },
      hasPlaceholder: () => overlay.placeholder,
      show: (height) => void overlay.shown.push(height),
      hide: () => void overlay.hidden++,
      visible: () => overlay.shown.length > overlay.hidden,
      dispose: () => {},
    }),
  }
  return {
    runtime,
    asked,
    handlers,
    overlay,
    created: () => created,
    failReady(error: unknown) {
      ready = async () => {
        throw error
      }
    },
    healReady() {
      ready = async () => {}
    },
    send: (event: FrameEvent) => {
      for (const listener of listeners) listener(event)
    },
    types: () => asked.map((entry) => entry.type).filter((type) => !type.startsWith('SYNC_')),
  }
}

export const solanaLocal: Network = {
  id: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
  name: 'Solana local',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

/**
 * A kernel on an EVM and a Solana network with the embedded wallet over a fake frame and
 * `plugins` (a login method) on top, keeping its storage in `storage` (pass one to
 * play a reload). The caller renders and destroys it.
 */
export function kernelWithFakeFrame(
  plugins: Plugin[],
  storage: StorageBackend = createMemoryBackend(),
): {
  kernel: Kernel
  frame: ReturnType<typeof fakeFrame>
} {
  const frame = fakeFrame()
  const adapters: ChainAdapter[] = [{ namespace: 'eip155' }, { namespace: 'solana' }]
  const kernel = createKernel({
    networks: [localnet, solanaLocal],
    adapters,
    storage,
    projectId: 'p1',
    plugins: [
      definePlugin({
        id: 'embeddedWallet',
        setup: (ctx) =>
          setupEmbeddedWallet(ctx, { frameUrl: 'http://127.0.0.1:9', runtime: async () => frame.runtime }),
      }),
      ...plugins,
    ],
  })
  return { kernel, frame }
}
