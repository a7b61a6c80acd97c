/**
 * Vite config of the demo host app. `npm run demo` (devstack/demo.ts) loads it and adds
 * the plugin that serves `/devstack.json`; Latchkit's entry points resolve to the source
 * in this repo, exactly as an integrator imports them from the package.
 */
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { alias } from '../vitest.shared.ts'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias },
  // Apart from any other Vite cache in the repo, so the demo's pre-bundled deps stay warm.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite-demo', import.meta.url)),
  server: {
    host: '127.0.0.1',
    // Transform the app before the first visit, so the first page load is quick.
    warmup: { clientFiles: ['./src/main.tsx'] },
  },
})
