/** The receive plugin's id, also its `features` contribution id (order 300). */
export const RECEIVE_PLUGIN_ID = 'receive'
