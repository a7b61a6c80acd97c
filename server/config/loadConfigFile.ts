/**
 * Reads a config file by its extension: `.json` (comments and trailing commas allowed)
 * as data; `.js`/`.mjs` and `.ts`/`.mts` as a module whose default export is the config,
 * or a function (async or not) that returns it, so it can pass code objects (a price
 * source, an on-ramp provider) and compute values. A `.ts` file needs Node to read
 * TypeScript (Node 22.18 and later strip types) or `tsx` installed beside the server.
 */
import { existsSync, readFileSync } from 'node:fs'
import { extname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError } from './configError.js'
import { JsoncError, parseJsonc } from './jsonc.js'

const DATA = ['.json', '.jsonc']
const MODULES = ['.js', '.mjs']
const TYPESCRIPT = ['.ts', '.mts']

/** A TypeScript module through tsx, when Node will not read it itself. */
async function importWithTsx(url: string): Promise<Record<string, unknown>> {
  // A variable, so no bundler tries to resolve tsx: it is the integrator's, when present.
  const tsxApi = 'tsx/esm/api'
  const { tsImport } = (await import(tsxApi)) as {
    tsImport: (specifier: string, parent: string) => Promise<Record<string, unknown>>
  }
  return tsImport(url, import.meta.url)
}

async function importModule(path: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(path).href
  try {
    return (await import(url)) as Record<string, unknown>
  } catch (error) {
    const code = (error as { code?: string }).code
    if (!TYPESCRIPT.includes(extname(path)) || code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error
    try {
      return await importWithTsx(url)
    } catch {
      throw new ConfigError(
        `${path}: this Node does not read TypeScript: use Node 22.18 or later, install tsx beside the server (npm i -D tsx), or write the config as .json or .js`,
      )
    }
  }
}

/**
 * The file's contents: data for `readServerConfig` to check.
 *
 * @example const raw = await loadConfigFile('latchkit.config.json')
 */
export async function loadConfigFile(file: string): Promise<unknown> {
  const path = resolve(file)
  const extension = extname(path)
  if (![...DATA, ...MODULES, ...TYPESCRIPT].includes(extension))
    throw new ConfigError(`${file}: a config file is .json, .js, .mjs, .ts or .mts`)
  if (!existsSync(path))
    throw new ConfigError(`${file}: no such file (\`latchkit-server init\` writes a starter one)`)
  if (DATA.includes(extension)) {
    try {
      return parseJsonc(readFileSync(path, 'utf8'))
    } catch (error) {
      if (error instanceof JsoncError) throw new ConfigError(`${file}: ${error.message}`)
      throw error
    }
  }
  const module = await importModule(path)
  if (!('default' in module))
    throw new ConfigError(`${file}: export the config as the module's default export`)
  const exported = module.default
  return typeof exported === 'function' ? await (exported as () => unknown)() : exported
}
