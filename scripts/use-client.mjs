#!/usr/bin/env node
// esbuild drops module-level directives when it bundles, so the React entry loses its
// 'use client'. Put it back on the built entry so React Server Components frameworks treat
// latchkit/react as client code.
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../dist/react/index.js', import.meta.url)
const code = readFileSync(file, 'utf8')
if (!code.startsWith("'use client'")) writeFileSync(file, `'use client';\n${code}`)
