/** The history plugin's id: its slice lives under `plugins.history` in the kernel state. */
export const HISTORY_PLUGIN_ID = 'history'
