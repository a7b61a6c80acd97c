/** The plugin's id: its slice is `plugins.siwe`, its service `services.get('siwe')`. */
export const SIWE_PLUGIN_ID = 'siwe'
/** The view that asks the visitor to sign the sign-in message. */
export const SIWE_VIEW_ID = 'ConnectingSiwe'
