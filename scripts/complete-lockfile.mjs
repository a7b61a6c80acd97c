#!/usr/bin/env node
// Adds package-lock.json entries for the other platforms' optional packages (biome, anvil,
// litesvm, rollup binaries for macOS, Windows, musl, arm...). npm writes only the ones its
// registry answers for; where a registry mirror serves this platform's binaries alone, the
// lock then lacks the rest and `npm ci` refuses it ("Missing: ... from lock file").
// Each added entry carries os/cpu/libc, so npm skips it on every other platform without a
// download. Run it after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

const OSES = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'openharmony', 'sunos', 'aix']
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'amd64']

/** os, cpu and libc read from a platform package's name, e.g. `@rollup/rollup-linux-x64-musl`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const os = OSES.find((o) => parts.includes(o))
  const cpu = CPUS.find(
    (c) => parts.includes(c) || parts.some((p) => p.startsWith(c) && p !== c && c === 'arm' && p === 'arm'),
  )
  const libc = parts.some((p) => p.startsWith('musl'))
    ? 'musl'
    : os === 'linux' && parts.some((p) => p.startsWith('gnu'))
      ? 'glibc'
      : undefined
  return { os, cpu: cpu === 'amd64' ? 'x64' : cpu, libc }
}

function registryEntry(name, range) {
  try {
    const out = execFileSync(
      'npm',
      ['view', `${name}@${range}`, 'version', 'os', 'cpu', 'libc', 'dist.integrity', 'license', '--json'],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    )
    const data = JSON.parse(out.toString())
    return Array.isArray(data) ? data.at(-1) : data
  } catch {
    return undefined
  }
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
let added = 0
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key === '' ? '' : `${key}/`
    if (lock.packages[`${base}node_modules/${name}`] || lock.packages[`node_modules/${name}`]) continue
    const meta = registryEntry(name, range)
    const guess = platformOf(name)
    const item = { version: meta?.version ?? String(range).replace(/^[\^~=]/, '') }
    if (meta?.['dist.integrity']) item.integrity = meta['dist.integrity']
    const cpu = meta?.cpu ?? (guess.cpu && [guess.cpu])
    const os = meta?.os ?? (guess.os && [guess.os])
    const libc = meta?.libc ?? (guess.libc && [guess.libc])
    if (cpu) item.cpu = cpu
    if (entry.dev) item.dev = true
    item.license = meta?.license ?? entry.license
    if (libc) item.libc = libc
    item.optional = true
    if (os) item.os = os
    lock.packages[`node_modules/${name}`] = item
    added++
    console.log(`added ${name}@${item.version} (${meta ? 'registry' : 'from its name'})`)
  }
}
const { '': root, ...rest } = lock.packages
lock.packages = {
  '': root,
  ...Object.fromEntries(
    Object.keys(rest)
      .sort()
      .map((k) => [k, rest[k]]),
  ),
}
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`)
console.log(`${added} entries added`)
