/** The on-ramp plugin's id: its slice lives under `plugins.onramp` in the kernel state. */
export const ONRAMP_PLUGIN_ID = 'onramp'
