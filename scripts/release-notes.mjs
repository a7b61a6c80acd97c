#!/usr/bin/env node
/**
 * Prints one version's section of CHANGELOG.md: the text under its `## ` heading, without
 * the heading, up to the next version. A release's tag message and its notes on the
 * package's page are then the same words the changelog already holds.
 *
 * Plain ESM without dependencies, so it runs in a release step before any install:
 *
 * @example
 * // Command line: the version package.json names, or one given (`Unreleased` too)
 * // node scripts/release-notes.mjs
 * // node scripts/release-notes.mjs 0.2.0
 * releaseNotes(readFileSync('CHANGELOG.md', 'utf8'), '0.2.0') // '### Added\n\n- **Send:** ...'
 */
import { readFileSync } from 'node:fs'

/**
 * The section of `changelog` under `## <version>` (`## 0.2.0 — 2026-01-31`, or
 * `## Unreleased`), trimmed; undefined when no heading names that version.
 *
 * @example
 * releaseNotes('# Changelog\n\n## 0.2.0 — 2026-01-31\n\n### Fixed\n\n- **Send:** Max.\n', '0.2.0')
 * // => '### Fixed\n\n- **Send:** Max.'
 */
export function releaseNotes(changelog, version) {
  const lines = changelog.split('\n')
  const start = lines.findIndex((line) => line === `## ${version}` || line.startsWith(`## ${version} — `))
  if (start === -1) return undefined
  let end = lines.length
  let inFence = false
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index]
    // A `## ` inside an entry's code block is code, not the next version.
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence
    else if (!inFence && line.startsWith('## ')) {
      end = index
      break
    }
  }
  return lines
    .slice(start + 1, end)
    .join('\n')
    .trim()
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const root = new URL('..', import.meta.url)
  const version = process.argv[2] ?? JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).version
  const notes = releaseNotes(readFileSync(new URL('CHANGELOG.md', root), 'utf8'), version)
  if (notes === undefined) {
    console.error(`CHANGELOG.md has no "## ${version}" section`)
    process.exit(1)
  }
  console.log(notes)
}
