/**
 * Vite config of the demo host app. `npm run demo` (devstack/demo.ts) loads it and adds
 * the plugin that serves `/devstack.json`. Latchkit's entry points resolve to the source
 * in this repo (vitest.shared.ts, the mapping tsconfig.json `paths` mirror), so the demo imports
 * `latchkit/react` exactly as an integrator imports it from the package.
 */
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { alias } from '../vitest.shared'

const repo = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url))

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // The mapping the tests and the bench use, declared once.
    alias,
  },
  // The demo's entry carries both dev wallets, both adapters and their crypto, unsplit; what
  // an integrator's visitor loads is measured by bench/, not by this warning.
  build: { chunkSizeWarningLimit: 1024 },
  // Apart from any other Vite cache in the repo, so the demo's pre-bundled deps stay warm.
  cacheDir: repo('node_modules/.vite-demo'),
  server: {
    host: '127.0.0.1',
    // Transform the app before the first visit, so the first page load is quick.
    warmup: { clientFiles: ['./src/main.tsx'] },
  },
})
