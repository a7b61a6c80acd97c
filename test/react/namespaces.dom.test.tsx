import { act } from '@testing-library/react'
import {
  type ChainAdapter,
  type Connector,
  connect,
  createKernel,
  formatUnits,
  type Kernel,
  switchNetwork,
  type TokenBalance,
} from 'latchkit'
import { evmAdapter } from 'latchkit/adapters/evm'
import { solanaAdapter } from 'latchkit/adapters/solana'
import { mainnet, solana } from 'latchkit/networks'
import { describe, expect, it } from 'vitest'
import AccountView from '../../src/react/views/AccountView'
import NetworksView from '../../src/react/views/NetworksView'
import { click, modal, openOn, renderWith, settle, shadowRoot } from './fixtures'

// Issue 9: the same core views render an EVM and a Solana account. The kernel holds both
// namespaces with the real adapters (their explorer links, address rules, currencies);
// only the chain reads are faked, the same way for both. The views must show each
// account in its own format from data alone: the markup is the same, the data differ.
// (test/build/chainNeutrality.test.ts proves the view code names no namespace at all.)

const EVM_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOLANA_ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

/**
 * A real adapter whose chain answers from memory: the native balance in base units,
 * formatted with the network's own decimals as the real adapters do, and token balances.
 */
function offline(adapter: ChainAdapter, baseUnits: bigint, tokens: TokenBalance[]): ChainAdapter {
  return {
    ...adapter,
    setup: undefined,
    getBalance: async ({ network }) => ({
      balance: formatUnits(baseUnits, network.nativeCurrency.decimals),
      symbol: network.nativeCurrency.symbol,
    }),
    getTokenBalances: async () => tokens,
  }
}

function wallet(id: string, chain: string, address: string, chainId: number | string): Connector {
  return {
    id,
    name: id,
    type: 'ANNOUNCED',
    chain,
    connect: async () => ({ accounts: [{ address, type: 'eoa' }], chainId }),
    disconnect: async () => {},
    getProvider: () => ({}),
    async switchNetwork() {},
  }
}

const token = (network: typeof mainnet, fields: Omit<TokenBalance, 'chainId'>): TokenBalance => ({
  chainId: network.caipNetworkId,
  ...fields,
})

/** Both namespaces connected, each with its own wallet; the EVM one active. */
async function connectedKernel(): Promise<Kernel> {
  const kernel = createKernel({
    networks: [mainnet, solana],
    adapters: [
      offline(evmAdapter({ discovery: false }), 1_500_000_000_000_000_000n, [
        token(mainnet, {
          name: 'Ether',
          symbol: 'ETH',
          price: 3000,
          value: 4500,
          quantity: { decimals: '18', numeric: '1.5' },
        }),
        token(mainnet, {
          name: 'USD Coin',
          symbol: 'USDC',
          address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
          price: 1,
          value: 250,
          quantity: { decimals: '6', numeric: '250' },
        }),
      ]),
      offline(solanaAdapter({ discovery: false }), 2_500_000_000n, [
        token(solana, {
          name: 'Solana',
          symbol: 'SOL',
          price: 150,
          value: 375,
          quantity: { decimals: '9', numeric: '2.5' },
        }),
        token(solana, {
          name: 'USD Coin',
          symbol: 'USDC',
          address: `${solana.caipNetworkId}:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`,
          price: 1,
          value: 10,
          quantity: { decimals: '6', numeric: '10' },
        }),
      ]),
    ],
    storage: null,
  })
  kernel.connectors.register(wallet('test.evm', 'eip155', EVM_ADDRESS, 1))
  kernel.connectors.register(wallet('test.solana', 'solana', SOLANA_ADDRESS, solana.id))
  renderWith(kernel)
  await act(async () => {
    await connect(kernel, { connectorId: 'test.evm' })
    await connect(kernel, { connectorId: 'test.solana' })
    await switchNetwork(kernel, { caipNetworkId: mainnet.caipNetworkId })
  })
  return kernel
}

/** What a visitor reads on the Account view, with its Tokens tab. */
function readAccount() {
  const view = shadowRoot().querySelector('[data-view=Account]') as HTMLElement
  const text = (selector: string) => view.querySelector(selector)?.textContent
  return {
    name: text('[data-latchkit=account-name]'),
    balance: text('[data-latchkit=balance]'),
    explorer: modal()
      .getByRole('link', { name: /Block explorer/ })
      .getAttribute('href'),
    network: view.querySelector('button.lk-row .lk-grow')?.textContent,
    tokens: [...view.querySelectorAll('[data-token]')].map((row) => [
      row.querySelector('[data-latchkit=token-amount]')?.textContent,
      row.querySelector('[data-latchkit=token-value]')?.textContent,
    ]),
    total: text('[data-latchkit=tokens-total]'),
    shape: shapeOf(view),
  }
}

/**
 * What the Networks view lists: each row's network and whether it is the current one,
 * and the markup of the current row and of the other row.
 */
function readNetworks() {
  const rows = [...shadowRoot().querySelectorAll('[data-view=Networks] [data-network]')]
  const current = rows.find((row) => row.getAttribute('aria-current'))
  return {
    rows: rows.map(
      (row) => `${row.querySelector('.lk-grow')?.textContent}${row === current ? ' (current)' : ''}`,
    ),
    currentShape: current && shapeOf(current),
    otherShape: rows.filter((row) => row !== current).map(shapeOf),
  }
}

// Attributes that carry structure; every other attribute counts by name only (its value,
// like a link's href or a row's token symbol, is data).
const STRUCTURAL = new Set([
  'class',
  'role',
  'type',
  'data-latchkit',
  'data-tab',
  'data-view',
  'target',
  'rel',
])

/** The markup with its data blanked: tags, structural attributes, where text is. */
function shapeOf(node: Node): string {
  if (node.nodeType === node.TEXT_NODE) return node.textContent?.trim() ? '#text' : ''
  if (node.nodeType !== node.ELEMENT_NODE) return ''
  const element = node as Element
  const attributes = [...element.attributes]
    .filter((attribute) => attribute.name !== 'aria-current')
    .map((attribute) =>
      STRUCTURAL.has(attribute.name) ? `${attribute.name}="${attribute.value}"` : attribute.name,
    )
    .sort()
  const children = [...element.childNodes].map(shapeOf).join('')
  return `<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${children}</${element.tagName.toLowerCase()}>`
}

/** Settles until the Account view shows `symbol`'s balance and two token rows (lazy tab, reads). */
async function accountShows(symbol: string) {
  const ready = () => {
    const view = shadowRoot().querySelector('[data-view=Account]')
    return (
      view?.querySelector('[data-latchkit=balance]')?.textContent?.endsWith(` ${symbol}`) &&
      view.querySelectorAll(`[data-token]`).length === 2 &&
      view.querySelector(`[data-token=${symbol}]`)
    )
  }
  for (let round = 0; round < 100 && !ready(); round++) await settle(1)
}

describe('one set of core views for every namespace (issue 9)', () => {
  it('the Account view and Tokens tab show an EVM and a Solana account from data alone', async () => {
    const kernel = await connectedKernel()
    await openOn(kernel, 'Account')
    await accountShows('ETH')
    const evm = readAccount()

    // As a visitor does: the network row opens Networks, Solana moves the same view over.
    await click(modal().getByRole('button', { name: /Ethereum/ }))
    expect(kernel.router.current()?.view).toBe('Networks')
    const networksOnEvm = readNetworks()
    await click(modal().getByRole('button', { name: /Solana/ }))
    await accountShows('SOL')
    expect(kernel.router.current()?.view).toBe('Account')
    expect(kernel.getState().activeNamespace).toBe('solana')
    const sol = readAccount()
    await click(modal().getByRole('button', { name: /Solana/ }))
    const networksOnSolana = readNetworks()

    // Each in its own format: the address as the wallet gave it, the currency and decimals
    // of its network, the explorer of its adapter.
    expect(evm).toMatchObject({
      name: '0xf3...b92266',
      balance: '1.500 ETH',
      explorer: `https://etherscan.io/address/${EVM_ADDRESS}`,
      network: 'Ethereum',
      tokens: [
        ['1.500 ETH', '$4,500.00'],
        ['250.000 USDC', '$250.00'],
      ],
      total: '$4,750.00',
    })
    expect(sol).toMatchObject({
      name: '9xQe...usVFin',
      balance: '2.500 SOL',
      explorer: `https://solscan.io/account/${SOLANA_ADDRESS}`,
      network: 'Solana',
      tokens: [
        ['2.500 SOL', '$375.00'],
        ['10.000 USDC', '$10.00'],
      ],
      total: '$385.00',
    })
    // ...in the same markup: only the data differ.
    expect(sol.shape).toBe(evm.shape)

    // The Networks view lists both namespaces in one list, each row in the same markup:
    // the mark moves from the EVM network to the Solana one and looks the same on both.
    expect(networksOnEvm.rows).toEqual(['Ethereum (current)', 'Solana'])
    expect(networksOnSolana.rows).toEqual(['Ethereum', 'Solana (current)'])
    expect(networksOnSolana.currentShape).toBe(networksOnEvm.currentShape)
    expect(networksOnSolana.otherShape).toEqual(networksOnEvm.otherShape)

    // Both namespaces went through the one registered Account and Networks view: the core
    // modules, with no namespace-specific view beside them.
    const moduleOf = async (id: string) => {
      const loaded = (await kernel.views.get(id)?.load()) as { default: unknown } | undefined
      return loaded?.default
    }
    expect(await moduleOf('Account')).toBe(AccountView)
    expect(await moduleOf('Networks')).toBe(NetworksView)
    const ids = kernel.views.list().map((view) => view.id)
    expect(ids.filter((id) => /account|network/i.test(id))).toEqual(['Networks', 'Account'])
  })
})
