/**
 * The frame's script as the service serves it: bundled from main.ts in this repository
 * (once per process), and read from the prebuilt frame.js that scripts/build-frame.mjs
 * writes for the package, without esbuild.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { loadFrameScript } from '../../../../server/embedded-wallet/frame/assets'

const run = promisify(execFile)
const folders: string[] = []

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
})

describe('loadFrameScript', () => {
  it('bundles the frame once per process into one browser module with no imports left', async () => {
    const first = loadFrameScript()
    expect(loadFrameScript()).toBe(first)
    const script = await first
    expect(script.length).toBeGreaterThan(50_000)
    expect(script).not.toMatch(/\bfrom\s*["'][^"']+["']/)
    expect(script).not.toContain('node:')
    // The screens' test ids are in it: this is the frame page's code.
    expect(script).toContain('frame-approve')
  })

  it("reads the package's prebuilt frame.js, which the build script writes", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'latchkit-frame-'))
    folders.push(folder)
    await run(process.execPath, ['scripts/build-frame.mjs', folder])
    const built = await readFile(join(folder, 'frame.js'), 'utf8')
    expect(built).toContain('frame-approve')
    // The built loader reads the file rather than bundling: a marker written over it comes back.
    await writeFile(join(folder, 'frame.js'), '// prebuilt marker')
    const assets = (await import(
      pathToFileURL(join(folder, 'assets.js')).href
    )) as typeof import('../../../../server/embedded-wallet/frame/assets')
    expect(await assets.loadFrameScript()).toBe('// prebuilt marker')
  })
})
