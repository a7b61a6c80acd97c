import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const archNames: Record<string, string> = { x64: 'amd64', arm64: 'arm64' }

/**
 * Locates the anvil binary installed by npm `@foundry-rs/anvil`. The binary ships in a
 * per-platform optional dependency (e.g. `@foundry-rs/anvil-linux-amd64`); we resolve it
 * from the wrapper package so a nested install is found too, and we run it directly
 * rather than through the wrapper's bin script, which would add a Node process per chain.
 *
 * @example spawn(resolveAnvilBinary().path, ['--port', '8545'])
 */
export function resolveAnvilBinary(): { path: string; version: string } {
  const packageName = `@foundry-rs/anvil-${process.platform}-${archNames[process.arch] ?? process.arch}`
  const fromProject = createRequire(import.meta.url)
  let manifestPath: string
  try {
    const fromWrapper = createRequire(fromProject.resolve('@foundry-rs/anvil/package.json'))
    manifestPath = fromWrapper.resolve(`${packageName}/package.json`)
  } catch (cause) {
    throw new Error(
      `anvil binary package ${packageName} is not installed. Run \`npm install\` (it comes with the dev dependency @foundry-rs/anvil).`,
      { cause },
    )
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    version: string
    bin?: Record<string, string>
  }
  return { path: join(dirname(manifestPath), manifest.bin?.anvil ?? 'bin/anvil'), version: manifest.version }
}
