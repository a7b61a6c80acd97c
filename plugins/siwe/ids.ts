/** The plugin's id: its slice is `plugins.siwe`, its service `services.get('siwe')`. */
export const SIWE_PLUGIN_ID = 'siwe'
/** The sign-message view of SPEC §2. */
export const SIWE_VIEW_ID = 'ConnectingSiwe'
