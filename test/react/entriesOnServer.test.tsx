// @vitest-environment node
/**
 * Every entry of the package imports on a server (Node, no DOM), as a Next.js or Remix
 * app's server build imports it; and a kernel with every plugin, rendered to a string,
 * touches no browser global. An entry that read `window` at import time would break such
 * an app's build, not just its page.
 */
import { readFileSync } from 'node:fs'
import { createKernel, type Network } from 'latchkit'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

const exportsField = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .exports as Record<string, unknown>
const entries = Object.keys(exportsField)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? 'latchkit' : `latchkit/${key.slice(2)}`))

const mainnet: Network = {
  id: 1,
  name: 'Ethereum',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.invalid/1'] } },
}

describe('every entry on the server', () => {
  it('runs where there is no DOM', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
  })

  it.each(entries)('%s imports and exports something', async (entry) => {
    const module = (await import(/* @vite-ignore */ entry)) as Record<string, unknown>
    expect(Object.keys(module).length).toBeGreaterThan(0)
  })

  it('a kernel with every plugin and adapter sets up and renders its buttons to a string', async () => {
    // A new plugin entry must join the kernel below.
    expect(entries.filter((entry) => entry.startsWith('latchkit/plugins/'))).toEqual(
      ['analytics', 'ens', 'history', 'onramp', 'receive', 'send', 'siwe', 'swaps'].map(
        (name) => `latchkit/plugins/${name}`,
      ),
    )
    const [{ evmAdapter }, { solanaAdapter }, react, ...plugins] = await Promise.all([
      import('latchkit/adapters/evm'),
      import('latchkit/adapters/solana'),
      import('latchkit/react'),
      import('latchkit/plugins/analytics').then((m) =>
        m.analytics({ endpoint: 'https://api.invalid/v1/analytics/events' }),
      ),
      import('latchkit/plugins/ens').then((m) => m.ens()),
      import('latchkit/plugins/history').then((m) => m.history()),
      import('latchkit/plugins/onramp').then((m) => m.onramp()),
      import('latchkit/plugins/receive').then((m) => m.receive()),
      import('latchkit/plugins/send').then((m) => m.send()),
      import('latchkit/plugins/siwe').then((m) =>
        m.siwe({ verifier: m.httpVerifier('https://api.invalid') }),
      ),
      import('latchkit/plugins/swaps').then((m) => m.swaps()),
    ])
    const kernel = createKernel({
      networks: [mainnet],
      adapters: [evmAdapter(), solanaAdapter()],
      plugins,
      projectId: 'ssr',
      api: { blockchainUrl: 'https://api.invalid' },
    })
    const html = renderToString(
      <react.LatchProvider kernel={kernel}>
        <react.ConnectButton />
        <react.NetworkButton />
      </react.LatchProvider>,
    )
    expect(html).toContain('Connect')
  })
})
