/** The swaps plugin's id: its slice lives under `plugins.swaps` in the kernel state. */
export const SWAPS_PLUGIN_ID = 'swaps'
