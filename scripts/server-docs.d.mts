// Types for scripts/server-docs.mjs (plain ESM, run by the latchkit-server build).

/** The pages latchkit-server ships, by name in docs/. */
export declare const SERVER_DOCS: readonly string[]
