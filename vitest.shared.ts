import { fileURLToPath } from 'node:url'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** The package's own entry points resolved to source, as an integrator imports them. */
export const alias = [
  { find: /^latchkit\/adapters\/(.+)$/, replacement: here('./adapters/$1/index.ts') },
  { find: /^latchkit\/plugins\/(.+)$/, replacement: here('./plugins/$1/index.ts') },
  { find: /^latchkit\/locales\/(.+)$/, replacement: here('./locales/$1/index.ts') },
  { find: /^latchkit\/internal\/http$/, replacement: here('./src/internal/http.ts') },
  { find: /^latchkit\/internal$/, replacement: here('./src/internal/index.ts') },
  { find: /^latchkit\/wagmi$/, replacement: here('./src/wagmi/index.ts') },
  { find: /^latchkit\/networks$/, replacement: here('./src/networks/index.ts') },
  { find: /^latchkit\/react\/views$/, replacement: here('./src/react/viewHelpers.ts') },
  { find: /^latchkit\/react$/, replacement: here('./src/react/index.ts') },
  { find: /^latchkit$/, replacement: here('./src/kernel/index.ts') },
]
