/** Default time one API request may take before it fails with a TimeoutError (and is retried). */
export const API_TIMEOUT_MS = 10_000

/** The id of the placeholder onramp quote (SPEC §8), so a view can tell it from a real one. */
export const PLACEHOLDER_QUOTE_ID = 'placeholder-quote'
