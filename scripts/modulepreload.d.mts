// Types for scripts/modulepreload.mjs (plain ESM so that any build script can run it).
import type { Metafile } from 'esbuild'

export interface PreloadFiles {
  /** What the entry imports statically, transitively, without the entry itself. */
  startup: string[]
  /** The named lazy modules' chunks and what they import statically, minus the start-up ones. */
  lazy: string[]
}

export interface PreloadOptions {
  entry: string
  /** Lazy modules to preload, by source path; Latchkit's modal and the plugins' Connect-view parts by default. */
  lazy?: RegExp[]
}

export declare const latchkitModal: RegExp
export declare const latchkitConnectParts: RegExp
export declare function preloadFromMetafile(metafile: Metafile, options: PreloadOptions): PreloadFiles
export declare function preloadFromViteManifest(
  manifest: Record<string, { file: string; src?: string; imports?: string[] }>,
  options: PreloadOptions,
): PreloadFiles
export declare function modulepreloadLinks(files: PreloadFiles, base?: string): string
