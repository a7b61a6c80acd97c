// Types of the virtual module that bench/pluginModule.ts generates for latchkit-full.tsx.
declare module 'bench:plugins' {
  import type { Plugin } from 'latchkit'
  /**
   * [folder name, factory, helpers] for every plugin under plugins/, in folder order; the
   * helpers are the plugin's exports named in PLUGIN_HELPERS (bench/pluginModule.ts).
   */
  export const pluginFactories: ReadonlyArray<
    readonly [string, (options?: unknown) => Plugin, Readonly<Record<string, unknown>>]
  >
}

// Types of the virtual module that bench/entryCosts.ts generates for latchkit-extras.tsx.
declare module 'bench:extras' {
  import type { Kernel } from 'latchkit'
  /** Uses one integration entry the way an app does (or nothing, for the baseline). */
  export function applyExtras(kernel: Kernel): void
}
