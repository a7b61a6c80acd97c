/**
 * The shape CHANGELOG.md keeps (Keep a Changelog, with a Breaking group on top), as a
 * pure check: the test reads the file, and its fixtures show what each rule refuses.
 * A reader finds a release by its version, a kind of change by its group and a topic by
 * the area tag each entry starts with; a topic heading would split one release's
 * Breaking entries over the whole file again.
 */

/** The groups a version may hold, in the order they appear. */
export const CHANGELOG_GROUPS = [
  'Breaking',
  'Added',
  'Changed',
  'Deprecated',
  'Removed',
  'Fixed',
  'Security',
] as const

const UNRELEASED = 'Unreleased'
/** `## 1.2.3 — 2026-01-31` (an em dash), a pre-release such as `1.0.0-rc.1` allowed. */
const RELEASE_HEADING = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))? — (\d{4}-\d{2}-\d{2})$/
/** `- **Area:** text`: the bold area tag every entry starts with. */
const ENTRY = /^- \*\*([^*]+?):\*\* \S/
const FENCE = /^\s*(```|~~~)/

interface Release {
  version: string
  numbers: [number, number, number]
  prerelease: string | undefined
  date: string
  line: number
}

/**
 * Every way `markdown` breaks the changelog's shape, as `line N: problem`; none when it
 * keeps it. `packageVersion`, when given, must be the newest released version.
 *
 * @example
 * changelogProblems('# Changelog\n\n## Unreleased\n\n### Added\n\n- **Send:** A Max button.\n')
 * // => []
 * changelogProblems('# Changelog\n\n## Unreleased\n\n### Send\n\n- A Max button.\n')
 * // => ['line 5: "### Send" is not a group (Breaking, Added, ...)',
 * //     'line 7: not an entry starting "- **Area:** ": "- A Max button."']
 */
export function changelogProblems(markdown: string, packageVersion?: string): string[] {
  const problems: string[] = []
  const lines = markdown.split('\n')
  const report = (index: number, problem: string) => problems.push(`line ${index + 1}: ${problem}`)

  if (lines[0] !== '# Changelog') report(0, 'the file must start with "# Changelog"')

  const releases: Release[] = []
  const versionsSeen = new Set<string>()
  let version: { name: string; line: number; groups: number; lastGroup: number } | undefined
  let group: { name: string; line: number; entries: number; areas: string[] } | undefined
  let inFence = false

  const closeGroup = () => {
    if (group && group.entries === 0) report(group.line, `"### ${group.name}" has no entry`)
    group = undefined
  }
  const closeVersion = () => {
    closeGroup()
    if (version && version.name !== UNRELEASED && version.groups === 0)
      report(version.line, `"## ${version.name}" has no group`)
    version = undefined
  }

  lines.forEach((line, index) => {
    if (index === 0) return
    if (FENCE.test(line)) {
      // A fence is part of an entry only when indented under it.
      if (!inFence && group && !/^\s/.test(line)) report(index, 'a code block outside an entry')
      inFence = !inFence
      return
    }
    if (inFence) return

    const heading = /^(#{1,6})\s+(.*?)\s*$/.exec(line)
    if (heading) {
      const level = (heading[1] as string).length
      const text = heading[2] as string
      if (level === 2) {
        closeVersion()
        version = { name: text, line: index, groups: 0, lastGroup: -1 }
        const name = text.split(' ')[0] as string
        if (versionsSeen.has(name)) report(index, `${name} appears twice`)
        versionsSeen.add(name)
        if (text === UNRELEASED) {
          if (releases.length > 0) report(index, '"## Unreleased" must come before every release')
          return
        }
        const release = RELEASE_HEADING.exec(text)
        if (!release) {
          report(index, `"## ${text}" is neither "## Unreleased" nor "## x.y.z — YYYY-MM-DD"`)
          return
        }
        const date = release[5] as string
        if (!isRealDate(date)) report(index, `"${date}" is not a date`)
        const current: Release = {
          version: name,
          numbers: [Number(release[1]), Number(release[2]), Number(release[3])],
          prerelease: release[4],
          date,
          line: index,
        }
        const previous = releases.at(-1)
        if (previous && compareVersions(previous, current) <= 0)
          report(index, `${current.version} must be older than ${previous.version}, above it`)
        if (previous && previous.date < current.date)
          report(index, `${current.version} is dated after ${previous.version}, above it`)
        releases.push(current)
        return
      }
      if (level === 3 && version) {
        closeGroup()
        const order = CHANGELOG_GROUPS.indexOf(text as (typeof CHANGELOG_GROUPS)[number])
        if (order === -1) {
          report(index, `"### ${text}" is not a group (${CHANGELOG_GROUPS.join(', ')})`)
          // Its entries are still checked, without a second report for each.
          group = { name: text, line: index, entries: 1, areas: [] }
          return
        }
        if (order <= version.lastGroup)
          report(index, `"### ${text}" is out of order or repeated (${CHANGELOG_GROUPS.join(', ')})`)
        version.lastGroup = order
        version.groups++
        group = { name: text, line: index, entries: 0, areas: [] }
        return
      }
      report(index, `"${line.trim()}" is a topic heading; only "## <version>" and "### <group>" are allowed`)
      return
    }

    if (line.trim() === '' || /^\s/.test(line)) return // blank, or an entry's continuation
    if (!version) return // the intro
    if (!group) {
      report(index, `text outside a group: "${line.slice(0, 60)}"`)
      return
    }
    group.entries++
    const entry = ENTRY.exec(line)
    if (!entry) {
      report(index, `not an entry starting "- **Area:** ": "${line.slice(0, 60)}"`)
      return
    }
    const area = entry[1] as string
    if (group.areas.at(-1) !== area) {
      if (group.areas.includes(area))
        report(index, `"${area}" entries are split in "### ${group.name}"; keep them together`)
      group.areas.push(area)
    }
  })
  closeVersion()
  if (inFence) problems.push('a code block is never closed')
  if (versionsSeen.size === 0) problems.push('no "## Unreleased" nor any release')

  const newest = releases[0]
  if (packageVersion !== undefined && newest && newest.version !== packageVersion)
    report(newest.line, `the newest release is ${newest.version}, package.json says ${packageVersion}`)
  return problems
}

/** Whether `YYYY-MM-DD` names a day of the calendar (no 30 February). */
function isRealDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date)
}

/** Semantic-version order: numbers, then a pre-release below its release. */
function compareVersions(a: Release, b: Release): number {
  for (let i = 0; i < 3; i++) {
    const difference = (a.numbers[i] as number) - (b.numbers[i] as number)
    if (difference !== 0) return difference
  }
  if (a.prerelease === b.prerelease) return 0
  if (a.prerelease === undefined) return 1
  if (b.prerelease === undefined) return -1
  return a.prerelease.localeCompare(b.prerelease, 'en', { numeric: true })
}
