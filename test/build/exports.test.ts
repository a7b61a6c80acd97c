import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM helper
import { entries } from '../../entries.mjs'

// The public API of every entry point, as names and kinds. A change here is a change an
// integrator sees: update the snapshot on purpose (`vitest -u`) and say so in the commit.
describe('public exports', () => {
  for (const [name, entry] of Object.entries(
    entries as Record<string, { source: string; subpath: string }>,
  )) {
    it(`${entry.subpath} (${name})`, async () => {
      const module = (await import(`../../${entry.source}`)) as Record<string, unknown>
      const shape = Object.fromEntries(
        Object.keys(module)
          .sort()
          .map((key) => [key, typeof module[key]]),
      )
      expect(shape).toMatchSnapshot()
    })
  }
})
