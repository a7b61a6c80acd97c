/** The analytics plugin's id. */
export const ANALYTICS_PLUGIN_ID = 'analytics'
