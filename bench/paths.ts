import { fileURLToPath } from 'node:url'

/** The repository root: the bench measures this working tree, not a published build. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '')
export const benchDir = `${repoRoot}/bench`
export const appsDir = `${benchDir}/apps`
/** The peers' own install, apart from the package's dependencies (bench/peers/package.json). */
export const peersDir = `${benchDir}/peers`
