import { cpSync, existsSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { repoRoot } from './paths'

/** What a Latchkit host build reads from the tree, besides node_modules. */
const buildInputs = ['src', 'adapters', 'plugins', 'locales', 'bench/apps', 'package.json', 'tsconfig.json']

/**
 * Copies the parts of the working tree a build reads into a temporary folder, optionally
 * without some of them (a top folder or one inside, like 'src/wagmi'), and links
 * node_modules. The bench uses it to build with and without plugins/ without touching the
 * tree others are working in.
 *
 * @example
 * const root = copyTree({ without: ['plugins', 'src/wagmi'] })
 */
export function copyTree({ without = [] }: { without?: string[] } = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'latchkit-tree-'))
  const left = without.map((path) => `${repoRoot}/${path}`)
  const isLeftOut = (source: string) => left.some((path) => source === path || source.startsWith(`${path}/`))
  for (const path of buildInputs) {
    if (isLeftOut(`${repoRoot}/${path}`) || !existsSync(`${repoRoot}/${path}`)) continue
    cpSync(`${repoRoot}/${path}`, `${root}/${path}`, {
      recursive: true,
      filter: (source) => !source.includes('/node_modules') && !isLeftOut(source),
    })
  }
  symlinkSync(`${repoRoot}/node_modules`, `${root}/node_modules`, 'dir')
  return root
}
