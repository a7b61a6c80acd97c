/** The plugin's id: its state slice, its service and its `connectGates` contribution. */
export const LEGAL_CHECKBOX_PLUGIN_ID = 'legalCheckbox'
