#!/usr/bin/env node
// Writes package.json "exports" from entries.mjs so the map can never drift from the
// entries tsup builds. `--check` only reports a difference (used by the tests).
import { readFileSync, writeFileSync } from 'node:fs'
import { entries } from '../entries.mjs'

const pkgPath = new URL('../package.json', import.meta.url)
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'))
const exportsMap = {}
for (const [name, entry] of Object.entries(entries)) {
  exportsMap[entry.subpath] = { types: `./dist/${name}/index.d.ts`, import: `./dist/${name}/index.js` }
}
exportsMap['./package.json'] = './package.json'

const same = JSON.stringify(pkg.exports) === JSON.stringify(exportsMap)
if (process.argv.includes('--check')) {
  if (!same) {
    console.error('package.json exports are out of date: run `node scripts/sync-exports.mjs`')
    process.exit(1)
  }
} else if (!same) {
  pkg.exports = exportsMap
  writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`)
  console.log('package.json exports updated')
}
