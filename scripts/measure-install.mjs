#!/usr/bin/env node
// What an install of each package brings, as the README's "Install" table shows it: packs
// `latchkit` and `latchkit-server` from the built repository (run `npm run build` first),
// installs each in an empty project in a temporary folder outside the repository, from the
// npm registry, and counts the packages in its node_modules and their size (`du -sm`).
// Beside them, a wagmi + RainbowKit app's install, and the same app with Latchkit instead.
// Not part of `npm test`: it downloads from the registry and takes minutes.
// Usage: node scripts/measure-install.mjs [--json]
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const APP = ['wagmi', 'viem', '@tanstack/react-query', 'react', 'react-dom']
const WALLETCONNECT = [
  '@walletconnect/sign-client@2.21.8',
  '@walletconnect/core@2.21.8',
  '@walletconnect/types@2.21.8',
]

for (const built of ['dist/kernel/index.js', 'server/dist/cli.js']) {
  if (!existsSync(join(root, built))) {
    console.error(`measure-install: ${built} is missing; run npm run build first`)
    process.exit(1)
  }
}

const work = mkdtempSync(join(tmpdir(), 'latchkit-measure-'))
const npm = (args, cwd) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 })

/** The tarball `npm pack` makes of the package in `folder` of the repository (a workspace or the root). */
function pack(workspace) {
  const args = ['pack', '--json', '--ignore-scripts', '--pack-destination', work]
  const [report] = JSON.parse(npm(workspace ? [...args, '--workspace', workspace] : args, root))
  return join(work, report.filename)
}

/** Every package folder under a node_modules folder, nested ones included. */
function packagesIn(nodeModules) {
  if (!existsSync(nodeModules)) return []
  return readdirSync(nodeModules, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || !entry.isDirectory()) return []
    const path = join(nodeModules, entry.name)
    const folders = entry.name.startsWith('@')
      ? readdirSync(path, { withFileTypes: true })
          .filter((scoped) => scoped.isDirectory())
          .map((scoped) => join(path, scoped.name))
      : [path]
    return folders.flatMap((folder) => [folder, ...packagesIn(join(folder, 'node_modules'))])
  })
}

/** Installs `specs` in an empty project; its package count, size and the versions of `specs`. */
function measure(label, specs) {
  const project = join(work, `project-${label.replace(/\W+/g, '-')}`)
  mkdirSync(project)
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'measure', private: true }, null, 2)}\n`,
  )
  npm(['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs], project)
  const nodeModules = join(project, 'node_modules')
  const packages = packagesIn(nodeModules).length
  const mb = Number(execFileSync('du', ['-sm', nodeModules], { encoding: 'utf8' }).split('\t')[0])
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'))
  const versions = Object.keys(manifest.dependencies).map(
    (name) => `${name}@${JSON.parse(readFileSync(join(nodeModules, name, 'package.json'), 'utf8')).version}`,
  )
  return { label, packages, mb, versions }
}

try {
  const latchkit = pack()
  const server = pack('latchkit-server')
  const results = [
    measure('latchkit', [latchkit]),
    measure('latchkit + WalletConnect', [latchkit, ...WALLETCONNECT]),
    measure('latchkit-server', [server]),
    measure('latchkit + wagmi app', [latchkit, ...APP]),
    measure('RainbowKit + wagmi app', ['@rainbow-me/rainbowkit', ...APP]),
  ]
  if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2))
  else {
    console.log('| install | packages | MB |\n|---|---:|---:|')
    for (const { label, packages, mb } of results) console.log(`| ${label} | ${packages} | ${mb} |`)
    console.log(`\nNode ${process.version}, npm ${npm(['--version'], work).trim()}; versions installed:`)
    for (const { label, versions } of results) console.log(`- ${label}: ${versions.join(', ')}`)
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
