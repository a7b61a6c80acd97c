/** The send plugin's id: its slice lives under `plugins.send` in the kernel state. */
export const SEND_PLUGIN_ID = 'send'
