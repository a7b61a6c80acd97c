#!/usr/bin/env node
// Type-checks each part of the repository under the types it runs with:
//   tsconfig.json         everything, tests and dev tools included: both, as an editor sees it
//   tsconfig.widget.json  browser code (the widget's entries, the frame page): DOM, no Node
//   tsconfig.server.json  the services of server/: Node, no DOM
// tsc is single-threaded, so the checks run side by side, one per core (the longest, the
// whole tree, first); each one's output is printed whole once it ends. Exits 1 if any fails.
// Usage: node scripts/typecheck.mjs [config ...]
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url))
const requested = process.argv.slice(2)
const configs =
  requested.length > 0 ? requested : ['tsconfig.json', 'tsconfig.widget.json', 'tsconfig.server.json']

function check(config) {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', config, '--noEmit', '--pretty'], { cwd: root })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0)
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} tsc -p ${config} (${seconds} s)\n${output}`)
      resolve(code === 0)
    })
  })
}

const queue = [...configs]
const results = []
const workers = Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
  for (let config = queue.shift(); config; config = queue.shift()) results.push(await check(config))
})
await Promise.all(workers)
process.exit(results.every(Boolean) ? 0 : 1)
