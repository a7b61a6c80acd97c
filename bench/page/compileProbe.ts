import { build } from 'esbuild'
import type { ProbeConfig } from './probeConfig'

let compiled: Promise<string> | undefined

/**
 * The probe as an init script: config first, then probe.ts compiled to one plain IIFE
 * (no helpers from the Node side leak into the page, as they would with a serialized
 * function).
 */
export async function probeScript(config: ProbeConfig): Promise<string> {
  compiled ??= build({
    entryPoints: [new URL('./probe.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '')
  return `window.__benchConfig = ${JSON.stringify(config)};\n${await compiled}`
}
