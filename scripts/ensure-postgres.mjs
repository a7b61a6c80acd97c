#!/usr/bin/env node
// Makes sure Debian's PostgreSQL server binaries (initdb, pg_ctl, postgres) are installed,
// for the tests that start a throwaway cluster (test/support/postgres.ts). The package puts
// them under /usr/lib/postgresql/<major>/bin, outside PATH; we look for any major version.
// Idempotent: when the binaries are already there this exits at once without touching apt.
import { spawnSync } from 'node:child_process'
import { accessSync, constants, readdirSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = '/usr/lib/postgresql'
const BINARIES = ['initdb', 'pg_ctl', 'postgres']

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The newest `/usr/lib/postgresql/<major>/bin` that has every binary, if any. */
function findBinDir() {
  let majors
  try {
    majors = readdirSync(ROOT)
  } catch {
    return undefined
  }
  const dirs = majors
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => join(ROOT, major, 'bin'))
  return dirs.find((dir) => BINARIES.every((name) => isExecutable(join(dir, name))))
}

function run(command, args) {
  console.log(`[ensure-postgres] $ ${command} ${args.join(' ')}`)
  // DEBIAN_FRONTEND keeps apt from waiting on an interactive prompt in CI.
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (result.error) throw result.error
  if (result.status !== 0) {
    console.error(`[ensure-postgres] \`${command} ${args.join(' ')}\` failed with exit code ${result.status}`)
    process.exit(result.status ?? 1)
  }
}

const found = findBinDir()
if (found) {
  console.log(`[ensure-postgres] PostgreSQL is installed in ${found}`)
  process.exit(0)
}

if (process.platform !== 'linux' || typeof process.getuid !== 'function' || process.getuid() !== 0) {
  console.error(
    `[ensure-postgres] no PostgreSQL server binaries under ${ROOT}/<version>/bin, and this script can only install them as root on Debian.\n` +
      '  Run as root: apt-get update && apt-get install -y postgresql\n' +
      '  (or run `sudo node scripts/ensure-postgres.mjs`).',
  )
  process.exit(1)
}

console.log(
  "[ensure-postgres] PostgreSQL server binaries are missing; installing Debian's postgresql package",
)
run('apt-get', ['update'])
run('apt-get', ['install', '-y', 'postgresql'])

const installed = findBinDir()
if (!installed) {
  console.error(
    `[ensure-postgres] apt-get finished but ${BINARIES.join(', ')} are still missing under ${ROOT}`,
  )
  process.exit(1)
}
console.log(`[ensure-postgres] installed PostgreSQL in ${installed}`)
