// The package's entry points: one subpath export each. tsup, the exports map check and
// the bundle checks all read this list, so an entry is declared once.
import { existsSync, readdirSync } from 'node:fs'

const fixed = {
  kernel: { source: 'src/kernel/index.ts', subpath: '.' },
  react: { source: 'src/react/index.ts', subpath: './react' },
  'react/views': { source: 'src/react/viewHelpers.ts', subpath: './react/views' },
  networks: { source: 'src/networks/index.ts', subpath: './networks' },
  internal: { source: 'src/internal/index.ts', subpath: './internal' },
  'internal/http': { source: 'src/internal/http.ts', subpath: './internal/http' },
  wagmi: { source: 'src/wagmi/index.ts', subpath: './wagmi' },
}

function folderEntries(folder, prefix) {
  if (!existsSync(folder)) return {}
  return Object.fromEntries(
    readdirSync(folder, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(`${folder}/${d.name}/index.ts`))
      .map((d) => [`${prefix}/${d.name}`, { source: `${folder}/${d.name}/index.ts`, subpath: `./${prefix}/${d.name}` }]),
  )
}

/** name -> { source, subpath }, only for entries whose source exists. */
export const entries = Object.fromEntries(
  Object.entries({
    ...fixed,
    ...folderEntries('adapters', 'adapters'),
    ...folderEntries('plugins', 'plugins'),
    ...folderEntries('locales', 'locales'),
  }).filter(([, entry]) => existsSync(entry.source)),
)
