import { defineConfig } from 'vitest/config'
import { alias } from './vitest.shared.ts'

// The React binding's tests: happy-dom by default; SSR files opt into node with
// `// @vitest-environment node`. The lead folds this into vitest.config.ts later.
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'react',
    environment: 'happy-dom',
    include: ['test/react/**/*.test.{ts,tsx}'],
    setupFiles: ['test/react/setup.ts'],
  },
})
