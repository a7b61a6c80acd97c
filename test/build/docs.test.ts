import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, posix, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SERVER_DOCS } from '../../scripts/server-docs.mjs'

/**
 * The docs are written for a reader who has only the package. They state each rule
 * instead of pointing at a section of a document the reader does not have, and every
 * relative link in a shipped doc (README, CHANGELOG, docs/) names a file that exists and
 * that the package ships (package.json `files`, plus what npm always packs).
 */

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The folders whose code (doc comments, messages) a reader sees through the package. */
const codeTrees = ['src', 'adapters', 'plugins']
/** What the package ships: package.json `files`, and the files npm packs whatever it says. */
const shippedRoots: string[] = [
  ...(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] }).files,
  'package.json',
  'README.md',
  'LICENSE',
]
const SECTION_REFERENCE = 'SPEC §'

function markdownDocs(): string[] {
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`)
    : []
  return ['README.md', 'CHANGELOG.md', ...docs]
}

function sourceFiles(tree: string): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path)
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        out.push(path)
      }
    }
  }
  if (existsSync(join(root, tree))) walk(tree)
  return out
}

/** `file:line: text` for each line of `file` that contains `needle`. */
function linesWith(file: string, needle: string): string[] {
  return readFileSync(join(root, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => (line.includes(needle) ? [`${file}:${index + 1}: ${line.trim()}`] : []))
}

/** Blanks fenced code blocks and inline code, keeping line numbers: neither holds links. */
function withoutCode(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length))
}

/** The link targets of a markdown text, with their line: inline links, images and references. */
function linkTargets(markdown: string): { line: number; target: string }[] {
  const text = withoutCode(markdown)
  const found: { line: number; target: string }[] = []
  const lineOf = (index: number) => text.slice(0, index).split('\n').length
  // [text](target) and ![alt](target), the target optionally in <...> and followed by a title.
  for (const match of text.matchAll(/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)) {
    found.push({ line: lineOf(match.index), target: match[1] as string })
  }
  // [label]: target
  for (const match of text.matchAll(/^ {0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)>?/gm)) {
    found.push({ line: lineOf(match.index), target: match[1] as string })
  }
  return found
}

/**
 * The repository path a link target names, relative to the root, or undefined for a URL
 * with a scheme, a protocol-relative URL or a same-page anchor.
 */
function repositoryPath(fromFile: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('#'))
    return undefined
  const path = decodeURI(target.replace(/[?#].*$/, ''))
  if (path === '') return undefined
  const absolute = path.startsWith('/') ? join(root, path) : resolve(root, dirname(fromFile), path)
  return relative(root, absolute).split(/[\\/]/).join(posix.sep)
}

/**
 * Why a link to a repository path is dead for a reader of the package, or undefined when it
 * is not: a path outside what the package ships, or one that does not exist (`dist/` is
 * built, so only its being shipped is checked).
 */
function deadBecause(path: string): string | undefined {
  const shipped = shippedRoots.some((entry) => path === entry || path.startsWith(`${entry}/`))
  if (!shipped) return 'not shipped'
  if (!path.startsWith('dist/') && !existsSync(join(root, path))) return 'does not exist'
  return undefined
}

describe('docs for a reader who has only the package', () => {
  it(`no "${SECTION_REFERENCE}" in the README, the changelog or docs/`, () => {
    const files = [...markdownDocs(), 'CHANGELOG.md'].filter((file) => existsSync(join(root, file)))
    expect(files).toContain('README.md')
    expect(files.flatMap((file) => linesWith(file, SECTION_REFERENCE))).toEqual([])
  })

  it(`no "${SECTION_REFERENCE}" in the doc comments and messages of src/, adapters/ and plugins/`, () => {
    const files = codeTrees.flatMap(sourceFiles)
    expect(files.length).toBeGreaterThan(50)
    expect(files.flatMap((file) => linesWith(file, SECTION_REFERENCE))).toEqual([])
  })

  it('the README, the changelog and docs/ link only to files the package ships', () => {
    const dead = markdownDocs().flatMap((file) =>
      linkTargets(readFileSync(join(root, file), 'utf8')).flatMap(({ line, target }) => {
        const path = repositoryPath(file, target)
        const why = path === undefined ? undefined : deadBecause(path)
        return why ? [`${file}:${line}: ${target} (${why})`] : []
      }),
    )
    expect(dead).toEqual([])
  })

  it('calls a link dead when the package does not ship it or it does not exist', () => {
    expect(deadBecause('docs/plugins.md')).toBeUndefined()
    expect(deadBecause('CHANGELOG.md')).toBeUndefined()
    expect(deadBecause('dist/index.js')).toBeUndefined()
    expect(deadBecause('docs/no-such-page.md')).toBe('does not exist')
    expect(deadBecause('examples/nextjs/README.md')).toBe('not shipped')
    expect(deadBecause('server/siwe/README.md')).toBe('not shipped')
    expect(deadBecause('bench/RESULTS.md')).toBe('not shipped')
  })

  it('tells a link into the repository from one the package ships', () => {
    const links = linkTargets(
      [
        'See [the guide](docs/plugins.md), [changes](CHANGELOG.md#unreleased) and [below](#slots).',
        'Not [the source](src/kernel/index.ts) nor ![a chart](./bench/chart.png "size").',
        '[ref]: ../devstack/README.md',
        '`[not a link](src/x.ts)` and a fence:',
        '```',
        '[also not](test/x.ts)',
        '```',
        'Outside: [site](https://example.com/src/x.ts)',
      ].join('\n'),
    ).map(({ target }) => target)
    expect(links).toEqual([
      'docs/plugins.md',
      'CHANGELOG.md#unreleased',
      '#slots',
      'src/kernel/index.ts',
      './bench/chart.png',
      'https://example.com/src/x.ts',
      '../devstack/README.md',
    ])
    const unshipped = (from: string, target: string) => {
      const path = repositoryPath(from, target)
      return path !== undefined && deadBecause(path) !== undefined
    }
    expect(unshipped('README.md', 'docs/plugins.md')).toBe(false)
    expect(unshipped('README.md', 'CHANGELOG.md#unreleased')).toBe(false)
    expect(unshipped('README.md', '#slots')).toBe(false)
    expect(unshipped('README.md', 'https://example.com/src/x.ts')).toBe(false)
    expect(unshipped('docs/plugins.md', 'config.md#networks')).toBe(false)
    expect(unshipped('docs/plugins.md', '../CHANGELOG.md')).toBe(false)
    expect(unshipped('README.md', 'src/kernel/index.ts')).toBe(true)
    expect(unshipped('README.md', './bench/RESULTS.md')).toBe(true)
    expect(unshipped('docs/config.md', '../devstack/README.md')).toBe(true)
    expect(unshipped('docs/plugins.md', '../plugins/send/send.ts')).toBe(true)
    expect(unshipped('docs/plugins.md', '/adapters/evm/README.md')).toBe(true)
    expect(unshipped('README.md', 'test/e2e/send.test.ts')).toBe(true)
  })
})

// latchkit-server ships its README and, copied from docs/ by its build, SERVER_DOCS (in its
// own docs/ folder): links among them must stay among them.
describe("latchkit-server's docs, for a reader who has only that package", () => {
  /** The file a link in the server package names, relative to that package, or undefined for a URL or an anchor. */
  const serverPath = (fromFile: string, target: string) => {
    const path = repositoryPath(fromFile, target)
    return path === undefined ? undefined : relative('server', path).split(/[\\/]/).join(posix.sep)
  }
  const shipsServer = (path: string) => SERVER_DOCS.some((name) => path === `docs/${name}`)

  it('its README links only to the docs it ships, which exist in docs/', () => {
    const links = linkTargets(readFileSync(join(root, 'server/README.md'), 'utf8'))
    expect(links.length).toBeGreaterThan(0)
    const dead = links.flatMap(({ line, target }) => {
      const path = serverPath('server/README.md', target)
      return path === undefined || shipsServer(path) ? [] : [`server/README.md:${line}: ${target}`]
    })
    expect(dead).toEqual([])
    for (const name of SERVER_DOCS) expect(existsSync(join(root, 'docs', name))).toBe(true)
  })

  it('the docs it ships link only to each other', () => {
    const dead = SERVER_DOCS.flatMap((name) =>
      linkTargets(readFileSync(join(root, 'docs', name), 'utf8')).flatMap(({ line, target }) => {
        // As the package holds it: server/docs/<name>.
        const path = serverPath(`server/docs/${name}`, target)
        return path === undefined || shipsServer(path) ? [] : [`docs/${name}:${line}: ${target}`]
      }),
    )
    expect(dead).toEqual([])
  })

  it('calls a link outside its docs dead', () => {
    expect(shipsServer(serverPath('server/docs/server.md', 'server-config.md#frame') ?? '')).toBe(true)
    expect(shipsServer(serverPath('server/docs/server.md', 'plugins.md') ?? '')).toBe(false)
    expect(shipsServer(serverPath('server/docs/server.md', '../README.md') ?? '')).toBe(false)
    expect(serverPath('server/README.md', 'https://example.com/docs/x.md')).toBeUndefined()
  })
})
