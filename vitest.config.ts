import { defineConfig } from 'vitest/config'
import { alias } from './vitest.shared.ts'

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'adapters/**/*.test.ts', 'plugins/**/*.test.ts', 'test/kernel/**/*.test.ts', 'test/build/**/*.test.ts'],
        },
      },
    ],
  },
})
