// Types of the virtual module that bench/pluginModule.ts generates for latchkit-full.tsx.
declare module 'bench:plugins' {
  import type { Plugin } from 'latchkit'
  /** [folder name, factory] for every plugin under plugins/, in folder order. */
  export const pluginFactories: ReadonlyArray<readonly [string, (options?: unknown) => Plugin]>
}
