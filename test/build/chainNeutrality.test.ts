import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  describeFinding,
  type Finding,
  type Rule,
  scanSource,
  scanTree,
  sourceFilesOf,
} from './chainNeutrality'

const root = fileURLToPath(new URL('../..', import.meta.url))
/** Code written for every namespace: the kernel, the React binding, the send and receive features. */
const neutralTrees = ['src/kernel', 'src/react', 'plugins/send', 'plugins/receive']

/**
 * Issue 9: nothing in the kernel or the React views may assume a chain family (nor the
 * send and receive features, which every namespace shares). What the scan finds there is
 * allowed only if it is listed here: data that the spec itself ties to a namespace (a
 * default, a table, an API's wire format), each with its reason. Entries match by file,
 * rule and exact text; an entry that matches nothing fails the test, so the
 * list stays exactly what the code needs.
 */
const allowed: readonly { file: string; rule: Rule; text: string; reason: string }[] = [
  // tables and defaults that name namespaces as data.
  {
    file: 'src/kernel/options.ts',
    rule: 'namespace-literal',
    text: 'eip155:1',
    reason:
      "'Default chain: eip155:1' as the named constant PREFERRED_DEFAULT_NETWORK, used only when listed",
  },
  {
    file: 'src/kernel/options.ts',
    rule: 'namespace-literal',
    text: 'must be a CAIP-2 id such as "eip155:1"',
    reason: 'an example of the CAIP-2 format in an error message',
  },
  ...(['eip155', 'solana'] as const).map((text) => ({
    file: 'src/kernel/authNamespaces.ts',
    rule: 'namespace-literal' as const,
    text,
    reason: "'The auth connector is supported only on eip155 and solana': the AUTH_NAMESPACES table",
  })),
  ...(['eip155', 'solana', 'polkadot', 'bip122'] as const).map((text) => ({
    file: 'src/kernel/store.ts',
    rule: 'namespace-literal' as const,
    text,
    reason: 'preferred account type defaults: the defaultPreferredAccountTypes table',
  })),
  ...(['eip155', 'solana', 'polkadot', 'bip122'] as const).map((text) => ({
    file: 'src/kernel/types.ts',
    rule: 'namespace-literal' as const,
    text,
    reason: 'the ChainNamespace type names known namespaces for editors; it stays open (string & {})',
  })),
  // the Blockchain API's and wallets' wire formats and the message catalogue.
  {
    file: 'src/kernel/api/assetSchemas.ts',
    rule: 'hex',
    text: '/^0x[0-9a-fA-F]+$/',
    reason: "wallet_getAssets reports every asset's balance as a hex string",
  },
]

const isAllowed = (finding: Finding) =>
  allowed.some((a) => a.file === finding.file && a.rule === finding.rule && a.text === finding.text)

describe('the kernel, the React views, send and receive assume no chain family (issue 9)', () => {
  const findings = scanTree(root, neutralTrees)

  it('has no chain-specific import, namespace name, hex format, chain wording or fixed decimals', () => {
    const unexpected = findings.filter((finding) => !isAllowed(finding)).map(describeFinding)
    expect(
      unexpected,
      `Chain-family assumptions in neutral code (ask the namespace's adapter or network instead,\n` +
        `or, for data the spec ties to a namespace, add an entry with its reason to 'allowed'):\n` +
        unexpected.join('\n'),
    ).toEqual([])
  })

  it('every allowed entry is still needed', () => {
    const stale = allowed.filter(
      (a) => !findings.some((f) => f.file === a.file && f.rule === a.rule && f.text === a.text),
    )
    expect(stale.map((a) => `${a.file}  ${a.rule}  ${JSON.stringify(a.text)}`)).toEqual([])
  })

  it('reads every source file of both trees and no test file (a scan of nothing would pass)', () => {
    const files = sourceFilesOf(root, neutralTrees)
    expect(files).toEqual(
      expect.arrayContaining([
        'src/kernel/connection.ts',
        'src/react/views/AccountView.tsx',
        'src/react/views/NetworksView.tsx',
        'src/react/views/tabs/TokensTab.tsx',
        'plugins/send/views/SendView.tsx',
        'plugins/receive/views/ReceiveView.tsx',
      ]),
    )
    expect(files.filter((file) => /\.test\.tsx?$/.test(file))).toEqual([])
  })
})

describe('the scan itself', () => {
  const scan = (source: string) =>
    scanSource('src/kernel/example.ts', source).map((f) => `${f.line} ${f.rule} ${f.text}`)

  it('finds namespace branches, in strings and identifiers, with their line', () => {
    expect(
      scan(
        [
          'const a = 1',
          "if (namespace === 'eip155') run()",
          'switch (ns) { case `solana`: break }',
          'const balance = state.accounts.eip155?.balance',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under scan holds a template
          'const id = `eip155:${chainId}`',
        ].join('\n'),
      ),
    ).toEqual([
      '2 namespace-literal eip155',
      '3 namespace-literal solana',
      '4 namespace-literal eip155',
      '5 namespace-literal eip155:',
    ])
  })

  it('finds chain imports, hex formats, chain wording and fixed decimals', () => {
    expect(
      scan(
        [
          "import { isHex } from 'viem'",
          "import { address } from '@solana/kit'",
          "import { evmAdapter } from '../../adapters/evm'",
          "const load = () => import('latchkit/adapters/solana')",
          'const hex = /^0x[0-9a-f]*$/i',
          "const ok = text.startsWith('0x')",
          "const label = 'Gas fee'",
          "const currency = { name: 'Unknown', symbol: '', decimals: 18 }",
          'const none = { decimals: 0 }',
        ].join('\n'),
      ),
    ).toEqual([
      '1 chain-import viem',
      '2 chain-import @solana/kit',
      '3 chain-import ../../adapters/evm',
      '4 chain-import latchkit/adapters/solana',
      '5 hex /^0x[0-9a-f]*$/i',
      '6 hex 0x',
      '7 chain-wording Gas fee',
      '8 fixed-decimals decimals: 18',
    ])
  })

  it("finds calls of the kernel's EVM validators, not an adapter's ability of the same name", () => {
    expect(
      scan(
        [
          "import { isAddress } from '../validation'",
          'const valid = isAddress(text)',
          'const viaAdapter = adapter.isAddress?.(text)',
          'interface A { isAddress?(text: string): boolean }',
        ].join('\n'),
      ),
    ).toEqual(['1 evm-validator isAddress', '2 evm-validator isAddress'])
  })

  it('ignores comments and doc examples', () => {
    expect(
      scan(
        [
          '/**',
          " * @example switchNetwork(kernel, { caipNetworkId: 'eip155:8453' })",
          ' */',
          "// an EVM address is '0x' and 40 hex digits; gas is paid in ETH",
          'export const x = 1',
        ].join('\n'),
      ),
    ).toEqual([])
  })
})
