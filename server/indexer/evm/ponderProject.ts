/**
 * Where the Ponder app's files are. Ponder builds the app from its TypeScript sources at
 * start, so they ship as they are: in the repository beside this module, in the published
 * `latchkit-server` package under `dist/evm-indexer/` (copied there by `shipPonderProject.mjs` at
 * build time), beside the bundled chunk this module becomes.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The folder of the published package's copy, beside the server's chunks. */
export const SHIPPED_PROJECT_FOLDER = 'evm-indexer'

/** The Ponder version the app is written for: what a deployment installs beside the server. */
export const PONDER_VERSION = '0.16.10'

/**
 * The Ponder app's root folder (the one holding `ponder.config.ts`).
 *
 * @example spawn(process.execPath, [ponderBin, '--root', ponderProjectDir(), 'start'])
 */
export function ponderProjectDir(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  for (const dir of [here, join(here, SHIPPED_PROJECT_FOLDER)]) {
    if (existsSync(join(dir, 'ponder.config.ts'))) return dir
  }
  throw new Error(
    `the EVM indexer's Ponder app is missing (looked in ${here} and its ${SHIPPED_PROJECT_FOLDER}/)`,
  )
}

/**
 * The installed `ponder` package, found as Node would from the app (it exports no
 * `package.json` to resolve); a clear error when it is not installed.
 *
 * @example join(ponderPackageDir(ponderProjectDir()), 'dist/esm/bin/ponder.js')
 */
export function ponderPackageDir(projectDir: string): string {
  for (let dir = projectDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', 'ponder')
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dirname(dir) === dir)
      throw new Error(
        `the EVM indexer needs the ponder package: npm install ponder@${PONDER_VERSION} beside latchkit-server`,
      )
  }
}
