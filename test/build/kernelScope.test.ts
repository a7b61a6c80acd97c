import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from './importGraph'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** The string literals of a file's code (not its types) with their line. */
function literals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const out: { text: string; line: number }[] = []
  const visit = (node: ts.Node) => {
    // A literal type ('eoa' | 'smartAccount') describes data; only values can branch on it.
    if (ts.isLiteralTypeNode(node)) return
    if (ts.isStringLiteralLike(node)) {
      out.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 })
    }
    if (ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('{expr}')
      out.push({ text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return out
}

const kernelFiles = () => sourceFiles(root, ['src/kernel'])
const where = (file: string, line: number, text: string) =>
  `${file.replace(root, '')}:${line} ${JSON.stringify(text)}`

// A kernel of mechanisms: every endpoint but the two account reads its own views need is
// declared by the plugin that uses it, and no kernel file names a feature. Parsing every
// kernel file takes under a second on a quiet machine and several on a loaded one.
describe('the kernel', { timeout: 30_000 }, () => {
  it('declares no API endpoint beyond the account balance and NFTs reads', () => {
    const endpoints = kernelFiles().flatMap((file) =>
      literals(file)
        .filter(({ text }) =>
          /(^|\/)v1\/|getWallets|getWalletImage|getAnalyticsConfig|\/origins\b/.test(text),
        )
        .map(({ text, line }) => ({ file, line, text })),
    )
    const own = /^(GET \/)?v1\/account\/(\{expr\}|\{address\})\/(balance|nfts)$/
    expect(endpoints.length, 'the scan finds the kernel’s own reads').toBeGreaterThanOrEqual(2)
    expect(endpoints.filter(({ text }) => !own.test(text)).map((e) => where(e.file, e.line, e.text))).toEqual(
      [],
    )
  })

  it('names no feature: no plugin id, feature slot entry or feature endpoint appears as a string', () => {
    const features = new Set([
      'send',
      'receive',
      'onramp',
      'swaps',
      'email',
      'social',
      'farcaster',
      'history',
      'activity',
      'ens',
      'names',
      'siwe',
      'walletconnect',
      'walletConnect',
      'analytics',
      'pay',
      'smartSessions',
      'tokens',
      'nfts',
      'features',
      'connectMethods',
      'connectorTypes',
      'accountTabs',
    ])
    const named = kernelFiles().flatMap((file) =>
      literals(file)
        .filter(({ text }) => features.has(text))
        .map(({ text, line }) => where(file, line, text)),
    )
    expect(named).toEqual([])
  })
})
