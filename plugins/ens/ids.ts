/** The names plugin's id: its slice lives under `plugins.ens` in the kernel state. */
export const ENS_PLUGIN_ID = 'ens'
