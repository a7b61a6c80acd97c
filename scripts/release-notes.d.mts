// Types for scripts/release-notes.mjs (plain ESM so that a release step runs it before any install).

/** The section of `changelog` under `## <version>`, trimmed; undefined when there is none. */
export declare function releaseNotes(changelog: string, version: string): string | undefined
