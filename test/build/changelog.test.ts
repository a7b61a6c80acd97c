import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { releaseNotes } from '../../scripts/release-notes.mjs'
import { changelogProblems } from './changelogShape'

/**
 * Issue "Ready for the wallet's next layer", item 8: CHANGELOG.md keeps the Keep a
 * Changelog shape (how to add an entry and cut a release: docs/contributing.md).
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8')

/** A changelog from its lines, after the title. */
const changelog = (...lines: string[]) => ['# Changelog', '', 'Intro.', '', ...lines, ''].join('\n')

describe('CHANGELOG.md', () => {
  it('keeps its shape: versions newest first, groups only, every entry tagged with its area', () => {
    const { version } = JSON.parse(read('package.json')) as { version: string }
    expect(changelogProblems(read('CHANGELOG.md'), version)).toEqual([])
  })

  it('covers both packages, released together at one version', () => {
    const { version } = JSON.parse(read('package.json')) as { version: string }
    expect((JSON.parse(read('server/package.json')) as { version: string }).version).toBe(version)
  })

  it('starts with what is unreleased', () => {
    const versions = read('CHANGELOG.md')
      .split('\n')
      .filter((line) => line.startsWith('## '))
    expect(versions[0]).toBe('## Unreleased')
  })
})

describe('changelogProblems', () => {
  const good = changelog(
    '## Unreleased',
    '',
    '### Breaking',
    '',
    '- **Kernel:** `createKernel` runs no action.',
    '',
    '  Migration: call `reconnect(kernel)`.',
    '',
    '  ```ts',
    '  ## not a heading in code',
    '  ```',
    '- **Kernel:** `kernel.ready` is gone.',
    '- **Send:** `SendState.maxAmount` is gone.',
    '',
    '### Fixed',
    '',
    '- **Send:** Max on SOL leaves the rent-exempt minimum.',
    '',
    '## 0.2.0 — 2026-03-01',
    '',
    '### Added',
    '',
    '- **Send:** A Max button.',
    '',
    '## 0.2.0-rc.1 — 2026-02-20',
    '',
    '### Added',
    '',
    '- **Send:** A form.',
    '',
    '## 0.1.0 — 2026-02-01',
    '',
    '### Security',
    '',
    '- **API server:** Bodies over 1 MiB answer 413.',
  )

  it('accepts the shape, and an empty Unreleased', () => {
    expect(changelogProblems(good, '0.2.0')).toEqual([])
    expect(
      changelogProblems(
        changelog('## Unreleased', '', '## 0.1.0 — 2026-02-01', '', '### Fixed', '', '- **A:** b.'),
      ),
    ).toEqual([])
  })

  it('refuses a topic heading, at any level', () => {
    expect(
      changelogProblems(changelog('## Unreleased', '', '### Social login', '', '- **Social login:** x.')),
    ).toEqual([
      'line 7: "### Social login" is not a group (Breaking, Added, Changed, Deprecated, Removed, Fixed, Security)',
    ])
    expect(
      changelogProblems(
        changelog('## Unreleased', '', '### Added', '', '#### Social login', '', '- **Social login:** x.'),
      ),
    ).toEqual([
      'line 9: "#### Social login" is a topic heading; only "## <version>" and "### <group>" are allowed',
    ])
  })

  it('refuses groups out of order or repeated, and an empty group', () => {
    expect(
      changelogProblems(
        changelog(
          '## Unreleased',
          '',
          '### Fixed',
          '',
          '- **A:** b.',
          '',
          '### Added',
          '',
          '- **A:** c.',
          '',
          '### Added',
        ),
      ),
    ).toEqual([
      'line 11: "### Added" is out of order or repeated (Breaking, Added, Changed, Deprecated, Removed, Fixed, Security)',
      'line 15: "### Added" is out of order or repeated (Breaking, Added, Changed, Deprecated, Removed, Fixed, Security)',
      'line 15: "### Added" has no entry',
    ])
  })

  it('refuses text or an entry outside a group, and an entry without its area', () => {
    expect(
      changelogProblems(
        changelog(
          '## Unreleased',
          '',
          'Security',
          '- **A:** b.',
          '',
          '### Added',
          '',
          '- Added: a thing.',
          'Migration: do this.',
        ),
      ),
    ).toEqual([
      'line 7: text outside a group: "Security"',
      'line 8: text outside a group: "- **A:** b."',
      'line 12: not an entry starting "- **Area:** ": "- Added: a thing."',
      'line 13: not an entry starting "- **Area:** ": "Migration: do this."',
    ])
  })

  it("refuses one area's entries split within a group", () => {
    expect(
      changelogProblems(
        changelog(
          '## Unreleased',
          '',
          '### Added',
          '',
          '- **Send:** a.',
          '- **Swaps:** b.',
          '- **Send:** c.',
        ),
      ),
    ).toEqual(['line 11: "Send" entries are split in "### Added"; keep them together'])
  })

  it('refuses versions out of order, without a date, twice, or below a release', () => {
    const entry = ['', '### Fixed', '', '- **A:** b.', '']
    expect(
      changelogProblems(
        changelog(
          ...['## 0.1.0 — 2026-02-01', ...entry],
          ...['## 0.2.0 — 2026-01-01', ...entry],
          ...['## 0.1.0 — 2026-01-01', ...entry],
          ...['## 0.0.9', ...entry],
          ...['## 0.0.8 — 2025-02-30', ...entry],
          ...['## Unreleased', ...entry],
        ),
      ),
    ).toEqual([
      'line 11: 0.2.0 must be older than 0.1.0, above it',
      'line 17: 0.1.0 appears twice',
      'line 23: "## 0.0.9" is neither "## Unreleased" nor "## x.y.z — YYYY-MM-DD"',
      'line 29: "2025-02-30" is not a date',
      'line 35: "## Unreleased" must come before every release',
    ])
  })

  it('refuses a release dated after the one above it, and a package.json version not released last', () => {
    const entry = ['', '### Fixed', '', '- **A:** b.', '']
    const text = changelog(...['## 0.2.0 — 2026-01-01', ...entry], ...['## 0.1.0 — 2026-02-01', ...entry])
    expect(changelogProblems(text, '0.3.0')).toEqual([
      'line 11: 0.1.0 is dated after 0.2.0, above it',
      'line 5: the newest release is 0.2.0, package.json says 0.3.0',
    ])
  })

  it('refuses the topic-by-topic shape the changelog had before', () => {
    const old = changelog(
      '## Unreleased',
      '',
      '### Servers: one error shape',
      '',
      '- Every error answer of every service is JSON `{ code, message, details? }`.',
      '',
      'Security',
      '- Removed: `isSafeIconUrl` from `latchkit/adapters/evm`.',
    )
    expect(changelogProblems(old)).toEqual([
      'line 7: "### Servers: one error shape" is not a group (Breaking, Added, Changed, Deprecated, Removed, Fixed, Security)',
      'line 9: not an entry starting "- **Area:** ": "- Every error answer of every service is JSON `{ code, messa"',
      'line 11: not an entry starting "- **Area:** ": "Security"',
      'line 12: not an entry starting "- **Area:** ": "- Removed: `isSafeIconUrl` from `latchkit/adapters/evm`."',
    ])
  })
})

describe('scripts/release-notes.mjs', () => {
  it("prints a version's section, its code blocks included, up to the next version", () => {
    const text = changelog(
      '## Unreleased',
      '',
      '### Fixed',
      '',
      '- **Send:** Max.',
      '',
      '  ```md',
      '  ## not the next version',
      '  ```',
      '',
      '## 0.1.0 — 2026-02-01',
      '',
      '### Added',
      '',
      '- **Send:** A form.',
    )
    expect(releaseNotes(text, 'Unreleased')).toBe(
      '### Fixed\n\n- **Send:** Max.\n\n  ```md\n  ## not the next version\n  ```',
    )
    expect(releaseNotes(text, '0.1.0')).toBe('### Added\n\n- **Send:** A form.')
    expect(releaseNotes(text, '0.1')).toBeUndefined()
    expect(releaseNotes(read('CHANGELOG.md'), 'Unreleased')).toMatch(/^### Breaking\n/)
  })
})
