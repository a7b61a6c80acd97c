/**
 * Finds chain-family assumptions in TypeScript source: the places where code written for
 * every namespace would know about EVM (or Solana) itself. The scan reads the syntax tree,
 * so comments and doc examples (`'eip155:1'` in an @example) never count, and a finding
 * carries its file and line.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

/** What kind of assumption a finding is. */
export type Rule =
  /** An import of a chain library or of adapter code. */
  | 'chain-import'
  /** A namespace name ('eip155', 'solana', ...) in a string or as an identifier. */
  | 'namespace-literal'
  /** `0x` in a string or a regular expression: hex addresses, hashes, calldata. */
  | 'hex'
  /** A chain's currency or fee wording: 'ETH', 'SOL', 'wei', 'gas', ... */
  | 'chain-wording'
  /** `decimals: 18` (or 9): one chain family's decimals taken as everyone's. */
  | 'fixed-decimals'
  /** A call or import of the kernel's EVM-only validators (EIP-55 checksum, hex hash). */
  | 'evm-validator'

export interface Finding {
  file: string
  line: number
  rule: Rule
  /** The literal, identifier or module name as written. */
  text: string
}

/** CAIP-2 namespaces of chain families; any of them named in neutral code is a branch. */
const NAMESPACES = new Set(['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'])
const namespaceWord = /(?:^|[^A-Za-z0-9])(eip155|solana|bip122|polkadot|cosmos)(?:$|[^A-Za-z0-9])/
const chainModule =
  /^(?:viem|ox|abitype|ethers|@ethersproject\/|@solana\/|@wallet-standard\/|@noble\/)|(?:^|\/)adapters(?:\/|$)|^latchkit\/adapters/
const chainWords = /\b(?:gas|gwei|wei|lamports?|ETH|Ether|SOL|checksum)\b/i
/** The kernel's validators of EVM formats, by name. */
const EVM_VALIDATORS = new Set([
  'isAddress',
  'toChecksumAddress',
  'isTransactionHash',
  'isSignedMessage',
  'validateSendCalls',
  'assertFeeValues',
])

/**
 * The chain-family assumptions in one file's source.
 *
 * @example
 * scanSource('a.ts', "if (ns === 'eip155') x()") // [{ file: 'a.ts', line: 1, rule: 'namespace-literal', text: 'eip155' }]
 */
export function scanSource(file: string, source: string): Finding[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind)
  const findings: Finding[] = []
  const report = (node: ts.Node, rule: Rule, text: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile))
    findings.push({ file, line: line + 1, rule, text })
  }

  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const from = node.moduleSpecifier.text
      if (chainModule.test(from)) report(node.moduleSpecifier, 'chain-import', from)
      // The module name is judged above; the imported names are judged as identifiers.
      if (ts.isImportDeclaration(node) && node.importClause) visit(node.importClause)
      if (ts.isExportDeclaration(node) && node.exportClause) visit(node.exportClause)
      return
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      chainModule.test(node.arguments[0].text)
    ) {
      report(node.arguments[0], 'chain-import', node.arguments[0].text)
      return
    }
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      checkText(node, node.text)
    }
    if (ts.isRegularExpressionLiteral(node)) {
      if (/0x/i.test(node.text)) report(node, 'hex', node.text)
      const word = namespaceWord.exec(node.text)
      if (word) report(node, 'namespace-literal', node.text)
    }
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      if (NAMESPACES.has(node.text)) report(node, 'namespace-literal', node.text)
      if (EVM_VALIDATORS.has(node.text) && !isDeclarationName(node) && !isMemberName(node)) {
        report(node, 'evm-validator', node.text)
      }
    }
    if (
      ts.isPropertyAssignment(node) &&
      propertyName(node.name) === 'decimals' &&
      ts.isNumericLiteral(node.initializer) &&
      node.initializer.text !== '0'
    ) {
      report(node.initializer, 'fixed-decimals', `decimals: ${node.initializer.text}`)
    }
    ts.forEachChild(node, visit)
  }

  const checkText = (node: ts.Node, text: string) => {
    const word = namespaceWord.exec(text)
    if (word) report(node, 'namespace-literal', text)
    if (/^0x/i.test(text) || /[^A-Za-z0-9]0x[0-9a-fA-F]/.test(text)) report(node, 'hex', text)
    if (chainWords.test(text)) report(node, 'chain-wording', text)
  }

  visit(sourceFile)
  return findings
}

/**
 * Every TypeScript file under `dirs` (relative to `root`), tests excluded, as paths
 * relative to `root`.
 *
 * @example
 * sourceFilesOf('/repo', ['src/react']) // ['src/react/AccountButton.tsx', ...]
 */
export function sourceFilesOf(root: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) => walk(join(root, dir))).map((path) => relative(root, path))
}

/**
 * The findings of every file {@link sourceFilesOf} lists.
 *
 * @example
 * scanTree('/repo', ['src/kernel', 'src/react'])
 */
export function scanTree(root: string, dirs: readonly string[]): Finding[] {
  return sourceFilesOf(root, dirs).flatMap((file) => scanSource(file, readFileSync(join(root, file), 'utf8')))
}

/** `file:line  rule  text`, the form a failing test prints. */
export function describeFinding(finding: Finding): string {
  return `${finding.file}:${finding.line}  ${finding.rule}  ${JSON.stringify(finding.text)}`
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return walk(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined
}

/**
 * A member's own name (`adapter.isAddress(...)`, `{ isAddress?(): boolean }`): the adapter
 * ability of that name, which each namespace implements, not the kernel's EVM function.
 */
function isMemberName(node: ts.Identifier | ts.PrivateIdentifier): boolean {
  const parent = node.parent
  return (
    (ts.isPropertyAccessExpression(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.name === node
  )
}

/** The name in `function isAddress` or `export const isAddress =`: a definition, not a use. */
function isDeclarationName(node: ts.Identifier | ts.PrivateIdentifier): boolean {
  const parent = node.parent
  return (
    (ts.isFunctionDeclaration(parent) || ts.isVariableDeclaration(parent)) &&
    (parent as ts.FunctionDeclaration | ts.VariableDeclaration).name === node
  )
}
