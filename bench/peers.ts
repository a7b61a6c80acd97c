import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { peersDir, repoRoot } from './paths'

export interface PeersInstall {
  ok: boolean
  /** Installed version of each pinned package, when the install is usable. */
  versions: Record<string, string>
  /** Why the peers cannot be measured: the install's own words, trimmed. */
  error?: string
  /** True when this run had to install them. */
  installed: boolean
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>

/** Pinned package -> installed version (undefined when it is not installed). */
function installedVersions(): Record<string, string | undefined> {
  const pinned = readJson(`${peersDir}/package.json`).dependencies as Record<string, string>
  return Object.fromEntries(
    Object.keys(pinned).map((name) => {
      const manifest = `${peersDir}/node_modules/${name}/package.json`
      return [name, existsSync(manifest) ? (readJson(manifest).version as string) : undefined]
    }),
  )
}

/**
 * Makes sure the peers pinned in bench/peers/package.json are installed in
 * bench/peers/node_modules, installing them when any is missing. They never enter the
 * package's own dependencies. A failed install is reported, not thrown: the bench then
 * goes on with the Latchkit rows.
 */
export function ensurePeers(): PeersInstall {
  let versions = installedVersions()
  let installed = false
  if (Object.values(versions).some((version) => version === undefined)) {
    console.log('[bench] installing the peers into bench/peers/node_modules (about a minute)')
    const result = spawnSync('npm', ['install', '--prefix', 'bench/peers', '--no-audit', '--no-fund'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    installed = true
    if (result.error || result.status !== 0) {
      const output = `${result.error?.message ?? ''}\n${result.stderr ?? ''}`
      const lines = output.split('\n').filter((line) => /ERR|error/i.test(line))
      return {
        ok: false,
        installed,
        versions: {},
        error: `npm install failed (exit ${result.status}): ${(lines.length > 0 ? lines : output.split('\n')).slice(0, 6).join(' | ')}`,
      }
    }
    versions = installedVersions()
  }
  const missing = Object.entries(versions).filter(([, version]) => version === undefined)
  if (missing.length > 0) {
    return {
      ok: false,
      installed,
      versions: {},
      error: `still missing after install: ${missing.map(([name]) => name).join(', ')}`,
    }
  }
  return { ok: true, installed, versions: versions as Record<string, string> }
}
