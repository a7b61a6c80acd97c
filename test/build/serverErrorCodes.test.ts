/**
 * docs/server.md lists every error code each service answers: the codes are read from the
 * servers' source (the code tables, and every HttpFailure/BadRequest a route throws, with
 * the status's code when it names none), so a new code added without documenting it fails
 * here. Every code is UPPER_SNAKE, the servers' one style.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { frameErrors } from '../../server/embedded-wallet/errors.js'
import { codeForStatus, ERROR_CODE_PATTERN } from '../../server/http/errorAnswer.js'
import { type SiweErrorCode, siweAnswerCode, siweErrors } from '../../server/siwe/errors.js'

const root = join(import.meta.dirname, '../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : []
  })
}

/** The text of each call `open(...)` in `text`, its parentheses balanced. */
function callsOf(text: string, open: RegExp): string[] {
  const calls: string[] = []
  for (const match of text.matchAll(open)) {
    let depth = 0
    const start = (match.index ?? 0) + match[0].length - 1
    for (let i = start; i < text.length; i++) {
      if (text[i] === '(') depth++
      else if (text[i] === ')' && --depth === 0) {
        calls.push(text.slice(start + 1, i))
        break
      }
    }
  }
  return calls
}

const UPPER_LITERAL = /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'/g

/**
 * The codes the API-style failures under `dirs` answer: each `new HttpFailure(status, …,
 * 'CODE')`, `new BadRequest(…, 'CODE')` and `super(status, …, 'CODE')` of a subclass, or
 * the status's own code (`BAD_REQUEST` for a BadRequest) when it names none.
 */
function thrownCodes(dirs: string[]): Set<string> {
  const codes = new Set<string>()
  for (const file of dirs.flatMap(sourceFiles)) {
    const text = readFileSync(join(root, file), 'utf8')
    for (const call of callsOf(text, /new BadRequest\(/g)) {
      const named = [...call.matchAll(UPPER_LITERAL)].at(-1)?.[1]
      codes.add(named ?? codeForStatus(400))
    }
    const failures = [
      ...callsOf(text, /new HttpFailure\(/g),
      ...(/extends HttpFailure/.test(text) ? callsOf(text, /super\(/g) : []),
    ]
    for (const call of failures) {
      const status = Number(/^\s*(\d{3})/.exec(call)?.[1])
      expect(status, `${file}: an HttpFailure with a literal status: ${call}`).toBeGreaterThan(0)
      const named = [...call.matchAll(UPPER_LITERAL)].at(-1)?.[1]
      codes.add(named ?? codeForStatus(status))
    }
    // A route that answers a body it builds itself (a 503 with progress).
    for (const [, literal] of text.matchAll(/errorBody\(\s*'([A-Z_]+)'/g)) codes.add(literal as string)
  }
  return codes
}

/** The statuses a raw answer (`fn(socket, 404, …)`, `fn(404, …)`) is written with under `files`. */
function rawStatusCodes(files: string[], fn: string): Set<string> {
  const codes = new Set<string>()
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8')
    for (const call of callsOf(text, new RegExp(`(?:${fn})\\(`, 'g'))) {
      const status = /(?:^|,)\s*(\d{3})\s*,/.exec(call)?.[1]
      if (status) codes.add(codeForStatus(Number(status)))
    }
    for (const [, literal] of text.matchAll(/errorBody\('([A-Z_]+)'/g)) codes.add(literal as string)
  }
  return codes
}

const doc = readFileSync(join(root, 'docs/server.md'), 'utf8')

/** The codes in the first column-with-backticks of the table under the heading `title`. */
function documentedCodes(title: string): Set<string> {
  const start = doc.indexOf(`\n### ${title}\n`)
  expect(start, `docs/server.md has a "### ${title}" section`).toBeGreaterThan(-1)
  const rest = doc.slice(start + title.length + 6)
  const section = rest.slice(0, rest.search(/\n#{1,3} /) === -1 ? undefined : rest.search(/\n#{1,3} /))
  const codes = new Set<string>()
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) continue
    const cell = line.split('|')[2]?.trim() ?? ''
    const code = /^`([A-Z0-9_]+)`$/.exec(cell)?.[1]
    if (code) codes.add(code)
  }
  return codes
}

const listenerCodes = rawStatusCodes(['server/http/listen.ts'], 'rawAnswer|json')

const services: Record<string, () => Set<string>> = {
  'Errors of the Blockchain API, names and analytics': () =>
    new Set([
      ...thrownCodes(['server/api', 'server/names', 'server/analytics']),
      // The app's own answers: no route, and a failure nothing foresaw.
      'NOT_FOUND',
      'INTERNAL',
    ]),
  'Errors of the sign-in verifier': () =>
    new Set(Object.keys(siweErrors).map((code) => siweAnswerCode(code as SiweErrorCode))),
  'Errors of the frame service': () => new Set(Object.keys(frameErrors)),
  'Errors of the relay': () =>
    rawStatusCodes(['server/relay/relayUpgrade.ts', 'server/relay/startRelay.ts'], 'refuseUpgrade'),
}

describe('docs/server.md lists every error code each service answers', () => {
  const common = () => documentedCodes('Errors every service answers')

  it('every service answers the listener codes, which the common table lists', () => {
    expect(listenerCodes.size).toBeGreaterThanOrEqual(4)
    expect([...listenerCodes].filter((code) => !common().has(code))).toEqual([])
  })

  for (const [title, answered] of Object.entries(services)) {
    it(title, () => {
      const codes = answered()
      expect(codes.size).toBeGreaterThan(0)
      for (const code of codes) expect(code, 'UPPER_SNAKE').toMatch(ERROR_CODE_PATTERN)
      const listed = new Set([...documentedCodes(title), ...common()])
      const missing = [...codes].filter((code) => !listed.has(code))
      expect(missing, `codes answered but not in docs/server.md "### ${title}"`).toEqual([])
    })
  }
})
