#!/usr/bin/env node
// Makes sure Debian's Chromium is installed at /usr/bin/chromium for the browser tests.
// `npx playwright install` cannot download on these machines, so we use apt instead.
// Idempotent: when the binary is already there this exits at once without touching apt.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'

const CHROMIUM = '/usr/bin/chromium'

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function run(command, args) {
  console.log(`[ensure-browser] $ ${command} ${args.join(' ')}`)
  // DEBIAN_FRONTEND keeps apt from waiting on an interactive prompt in CI.
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (result.error) throw result.error
  if (result.status !== 0) {
    console.error(`[ensure-browser] \`${command} ${args.join(' ')}\` failed with exit code ${result.status}`)
    process.exit(result.status ?? 1)
  }
}

if (isExecutable(CHROMIUM)) {
  console.log(`[ensure-browser] ${CHROMIUM} is installed`)
  process.exit(0)
}

if (process.platform !== 'linux' || typeof process.getuid !== 'function' || process.getuid() !== 0) {
  console.error(
    `[ensure-browser] ${CHROMIUM} is missing and this script can only install it as root on Debian.\n` +
      '  Run as root: apt-get update && apt-get install -y chromium\n' +
      '  (or run `sudo node scripts/ensure-browser.mjs`).',
  )
  process.exit(1)
}

console.log(`[ensure-browser] ${CHROMIUM} is missing; installing Debian's chromium package`)
run('apt-get', ['update'])
run('apt-get', ['install', '-y', 'chromium'])

if (!isExecutable(CHROMIUM)) {
  console.error(`[ensure-browser] apt-get finished but ${CHROMIUM} is still missing`)
  process.exit(1)
}
console.log(`[ensure-browser] installed ${CHROMIUM}`)
