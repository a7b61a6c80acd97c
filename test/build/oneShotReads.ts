/**
 * Finds one-shot reads in browser tests: a value read from a page once (`await
 * locator.textContent()`, `page.evaluate(...)`, ...) and handed to a plain `expect`,
 * which passes or fails by timing while the page is still rendering. The waiting forms
 * (`eventually`, `expectText` and the rest of test/support/waiting.ts, `expect.poll`,
 * `locator.waitFor`) never count. The scan reads the syntax tree, so comments and strings
 * never count, and a finding carries its file and line.
 *
 * What counts as a read:
 * - a call of a read method (READ_METHODS) on anything;
 * - a call of a reader: a function, declared in the file or exported from another scanned
 *   file, whose returned value comes from a read (`const focused = (page) => page.evaluate(...)`);
 * - a variable whose initializer awaits a read (`const text = await prompt.textContent()`).
 *
 * A read that is settled on purpose (a request's answer rather than the page's state, or
 * a check that nothing happened after a window given for it) says so with a comment
 * containing `settled:` and the reason, on the line of the statement, above the
 * statement, or above the reader's declaration.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

export type Rule =
  /** A read of the page handed to a plain `expect` without waiting. */
  | 'one-shot-read'
  /** `expect.poll` with vitest's default 1 s timeout: too short on a loaded machine. */
  | 'short-poll'

export interface Finding {
  file: string
  line: number
  rule: Rule
  /** The read, the variable or the poll as written (shortened). */
  text: string
}

/** Methods of Playwright's Locator, ElementHandle and Page that read the page once. */
export const READ_METHODS: ReadonlySet<string> = new Set([
  'textContent',
  'innerText',
  'innerHTML',
  'inputValue',
  'getAttribute',
  'isVisible',
  'isHidden',
  'isChecked',
  'isEnabled',
  'isDisabled',
  'isEditable',
  'count',
  'evaluate',
  'evaluateAll',
  'evaluateHandle',
  'allTextContents',
  'allInnerTexts',
  'boundingBox',
])

const SETTLED_NOTE = 'settled:'

type Source = { file: string; source: string }

/**
 * The findings of several files that may import each other's readers.
 *
 * @example
 * scanSources([{ file: 'a.test.ts', source: "expect(await title.textContent()).toBe('Hi')" }])
 * // [{ file: 'a.test.ts', line: 1, rule: 'one-shot-read', text: 'title.textContent()' }]
 */
export function scanSources(sources: readonly Source[]): Finding[] {
  const files = sources.map(({ file, source }) => {
    const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
    return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind)
  })
  // Readers and read-holding variables depend on each other (a reader may return such a
  // variable, a variable may await a reader), also across files: grow both to a fixpoint.
  const exported = new Set<string>()
  const perFile = new Map<ts.SourceFile, Analysis>()
  for (let changed = true; changed; ) {
    changed = false
    for (const sourceFile of files) {
      const analysis = analyse(sourceFile, exported)
      perFile.set(sourceFile, analysis)
      for (const name of analysis.exportedReaders) {
        if (!exported.has(name)) {
          exported.add(name)
          changed = true
        }
      }
    }
  }
  return files.flatMap((sourceFile) => report(sourceFile, perFile.get(sourceFile)!))
}

/**
 * The findings of one file on its own.
 *
 * @example scanSource('a.test.ts', 'expect(await dialog.count()).toBe(0)') // one finding, line 1
 */
export function scanSource(file: string, source: string): Finding[] {
  return scanSources([{ file, source }])
}

/**
 * The files that drive a browser, relative to `root`: everything under test/e2e and
 * test/support, every `browser*.test.ts(x)` under test/, and any other test-tree file that
 * imports playwright-core or the browser helpers (so a new browser test is scanned
 * without being listed).
 *
 * @example browserTestFiles('/repo') // ['test/devstack/launchBrowser.browser.test.ts', 'test/e2e/connect.browser.test.ts', ...]
 */
export function browserTestFiles(root: string): string[] {
  return walk(join(root, 'test'))
    .map((path) => relative(root, path))
    .filter((file) => {
      if (/^test\/(e2e|support)\//.test(file)) return true
      if (/(^|\/)browser[^/]*\.test\.tsx?$|\.browser\.test\.tsx?$/.test(file)) return true
      return /from '(playwright-core|[./]+support\/browser(-for-file)?(\.js)?)'/.test(
        readFileSync(join(root, file), 'utf8'),
      )
    })
    .sort()
}

/**
 * The findings of every file {@link browserTestFiles} lists.
 *
 * @example scanBrowserTests('/repo') // [] when every browser assertion waits
 */
export function scanBrowserTests(root: string): Finding[] {
  return scanSources(
    browserTestFiles(root).map((file) => ({ file, source: readFileSync(join(root, file), 'utf8') })),
  )
}

/** `file:line  rule  text`, the form a failing test prints. */
export function describeFinding(finding: Finding): string {
  return `${finding.file}:${finding.line}  ${finding.rule}  ${JSON.stringify(finding.text)}`
}

type Analysis = {
  /** Functions of this file whose value comes from a read, by name. */
  readers: Set<string>
  exportedReaders: Set<string>
  /** Declarations of variables that hold an awaited read. */
  holders: ts.VariableDeclaration[]
  /** Readers known in this file: its own and those other files export. */
  known: ReadonlySet<string>
}

function analyse(sourceFile: ts.SourceFile, exported: ReadonlySet<string>): Analysis {
  const readers = new Set<string>()
  const exportedReaders = new Set<string>()
  const holders: ts.VariableDeclaration[] = []
  const known = new Set(exported)
  // Local fixpoint: a reader may return a holder, a holder may await a local reader.
  for (let changed = true; changed; ) {
    changed = false
    holders.length = 0
    visit(sourceFile, (node) => {
      if (ts.isVariableDeclaration(node) && node.initializer && !isSettled(node)) {
        if (!isFunctionLike(node.initializer) && awaitsRead(node.initializer, known)) holders.push(node)
      }
    })
    visit(sourceFile, (node) => {
      const fn = namedFunction(node)
      if (!fn || readers.has(fn.name) || isSettled(node)) return
      const returned = returnedExpressions(fn.body)
      if (returned.some((expression) => findRead(expression, known, holders))) {
        readers.add(fn.name)
        known.add(fn.name)
        if (fn.exported) exportedReaders.add(fn.name)
        changed = true
      }
    })
  }
  return { readers, exportedReaders, holders, known }
}

function report(sourceFile: ts.SourceFile, analysis: Analysis): Finding[] {
  const findings: Finding[] = []
  const add = (node: ts.Node, rule: Rule) => {
    const text = node.getText(sourceFile).replace(/\s+/g, ' ')
    findings.push({
      file: sourceFile.fileName,
      line: sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1,
      rule,
      text: text.length > 80 ? `${text.slice(0, 77)}...` : text,
    })
  }
  visit(sourceFile, (node) => {
    if (!ts.isCallExpression(node)) return
    if (isPlainExpect(node.expression) && node.arguments[0] && !isSettled(node)) {
      const read = findRead(node.arguments[0], analysis.known, analysis.holders)
      if (read) add(read, 'one-shot-read')
    }
    if (isExpectPoll(node.expression) && !hasTimeout(node.arguments[1])) add(node.expression, 'short-poll')
  })
  return findings
}

/** `expect(...)` and `expect.soft(...)`: assertions that look once. */
function isPlainExpect(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return callee.text === 'expect'
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'expect' &&
    callee.name.text === 'soft'
  )
}

function isExpectPoll(callee: ts.Expression): boolean {
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'expect' &&
    callee.name.text === 'poll'
  )
}

/** Options passed as anything but an object literal are trusted to carry a timeout. */
function hasTimeout(options: ts.Expression | undefined): boolean {
  if (!options) return false
  if (!ts.isObjectLiteralExpression(options)) return true
  return options.properties.some(
    (property) =>
      ts.isSpreadAssignment(property) ||
      (property.name !== undefined && ts.isIdentifier(property.name) && property.name.text === 'timeout'),
  )
}

/**
 * The first read in `node` (not looking into functions defined there): a read-method call,
 * a reader call, or a variable holding an awaited read that is in scope at that point.
 */
function findRead(
  node: ts.Node,
  known: ReadonlySet<string>,
  holders: readonly ts.VariableDeclaration[],
): ts.Node | undefined {
  let found: ts.Node | undefined
  const look = (current: ts.Node): void => {
    if (found || isFunctionLike(current)) return
    if (ts.isCallExpression(current) && isReadCall(current, known)) {
      found = current
      return
    }
    if (
      ts.isIdentifier(current) &&
      isReference(current) &&
      holders.some((holder) => holds(holder, current))
    ) {
      found = current
      return
    }
    ts.forEachChild(current, look)
  }
  look(node)
  return found
}

/** Whether `node` awaits a read somewhere (outside functions defined in it). */
function awaitsRead(node: ts.Node, known: ReadonlySet<string>): boolean {
  let found = false
  const look = (current: ts.Node): void => {
    if (found || isFunctionLike(current)) return
    if (ts.isAwaitExpression(current) && findRead(current.expression, known, [])) {
      found = true
      return
    }
    ts.forEachChild(current, look)
  }
  look(node)
  return found
}

function isReadCall(call: ts.CallExpression, known: ReadonlySet<string>): boolean {
  const callee = call.expression
  if (ts.isPropertyAccessExpression(callee)) return READ_METHODS.has(callee.name.text)
  return ts.isIdentifier(callee) && known.has(callee.text)
}

/** An identifier used as a value, not a property name or a declaration's own name. */
function isReference(node: ts.Identifier): boolean {
  const parent = node.parent
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false
  if (ts.isVariableDeclaration(parent) && parent.name === node) return false
  return true
}

/** Whether `use` names the variable `holder` declares (const/let scoping: its block, after it). */
function holds(holder: ts.VariableDeclaration, use: ts.Identifier): boolean {
  if (!ts.isIdentifier(holder.name) || holder.name.text !== use.text) return false
  const scope = holder.parent.parent.parent // declaration -> list -> statement -> block
  if (!scope || use.pos < holder.end || use.end > scope.end || use.pos < scope.pos) return false
  return true
}

/** The name and body of a function declared by name: `function f() {}` or `const f = () => ...`. */
function namedFunction(node: ts.Node): { name: string; body: ts.Node; exported: boolean } | undefined {
  if (ts.isFunctionDeclaration(node) && node.name && node.body) {
    return { name: node.name.text, body: node.body, exported: hasExport(node) }
  }
  if (
    ts.isVariableDeclaration(node) &&
    ts.isIdentifier(node.name) &&
    node.initializer &&
    (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
  ) {
    const statement = node.parent.parent
    return {
      name: node.name.text,
      body: node.initializer.body,
      exported: ts.isVariableStatement(statement) && hasExport(statement),
    }
  }
  return undefined
}

function hasExport(node: ts.Node): boolean {
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
  )
}

/** An arrow's expression body, or the expressions a block body returns (not inner functions'). */
function returnedExpressions(body: ts.Node): ts.Expression[] {
  if (!ts.isBlock(body)) return [body as ts.Expression]
  const returned: ts.Expression[] = []
  const look = (node: ts.Node): void => {
    if (isFunctionLike(node)) return
    if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression)
    ts.forEachChild(node, look)
  }
  ts.forEachChild(body, look)
  return returned
}

function isFunctionLike(node: ts.Node): boolean {
  return (
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node)
  )
}

/**
 * Whether the statement holding `node` carries a `settled:` note: in a comment above it
 * (its leading comments, doc comments included) or on the line `node` starts on.
 */
function isSettled(node: ts.Node): boolean {
  const sourceFile = node.getSourceFile()
  const text = sourceFile.text
  let statement: ts.Node = node
  while (statement.parent && !ts.isBlock(statement.parent) && !ts.isSourceFile(statement.parent)) {
    statement = statement.parent
  }
  const leading = ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? []
  if (leading.some((range) => text.slice(range.pos, range.end).includes(SETTLED_NOTE))) return true
  const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile))
  const lineText = text.slice(
    sourceFile.getPositionOfLineAndCharacter(line, 0),
    lineEnd(text, node.getStart(sourceFile)),
  )
  return /\/\/.*settled:/.test(lineText)
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from)
  return end === -1 ? text.length : end
}

function visit(node: ts.Node, fn: (node: ts.Node) => void): void {
  fn(node)
  ts.forEachChild(node, (child) => visit(child, fn))
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}
