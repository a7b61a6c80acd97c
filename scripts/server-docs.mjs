#!/usr/bin/env node
// The `latchkit-server` package's docs (run by its `npm run build`): copies the deployment
// guide and the pages it links to from docs/ into server/docs/, which the package ships,
// so that `npx latchkit-server --help` and the starter config can say "the package's
// docs/server-config.md" to someone who installed only the server. docs/ stays the one
// place they are written; the docs tests check that these pages link only to each other.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** The pages latchkit-server ships, by name in docs/. */
export const SERVER_DOCS = ['server.md', 'server-config.md', 'sign-in-verifier.md', 'deploying.md']

// Run as a script (the build), not imported (the docs tests read SERVER_DOCS).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const from = fileURLToPath(new URL('../docs/', import.meta.url))
  const to = fileURLToPath(new URL('../server/docs/', import.meta.url))
  rmSync(to, { recursive: true, force: true })
  mkdirSync(to, { recursive: true })
  for (const name of SERVER_DOCS) copyFileSync(`${from}${name}`, `${to}${name}`)
  console.log(`server docs: ${SERVER_DOCS.join(', ')} in server/docs/`)
}
