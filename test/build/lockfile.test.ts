import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// `npm ci` refuses a lock file in which a locked package's optional dependency has no entry
// of its own ("Missing: ... from lock file"), as happens when the lock was written where the
// registry serves one platform's binaries only. scripts/complete-lockfile.mjs adds them.
describe('package-lock.json', () => {
  it('has an entry for every optional dependency of every locked package, so npm ci accepts it', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>
    }
    const missing: string[] = []
    for (const [key, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        const nested = key === '' ? `node_modules/${name}` : `${key}/node_modules/${name}`
        if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`])
          missing.push(`${name} (of ${key || 'the root'})`)
      }
    }
    expect(missing, 'run node scripts/complete-lockfile.mjs').toEqual([])
  })
})
