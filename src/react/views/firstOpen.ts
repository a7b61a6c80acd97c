/**
 * What the first open of the modal shows, in one lazily loaded module: the dialog shell
 * and its stylesheet, the Connect and ConnectingExternal views, the Account view and its Tokens tab (the views
 * the first-open size budget counts). Why one: esbuild gives every dynamic import a file of its own
 * and splits the code those files share into more files; a visitor fetches all of these on
 * the first open anyway, and five files gzip to about 1 KB more than one.
 */
export { Dialog } from '../modal/Dialog'
export { modalStrings } from '../modalStrings'
export { default as AccountView } from './AccountView'
export { default as ConnectingExternalView } from './ConnectingExternalView'
export { default as ConnectView } from './ConnectView'
export { default as TokensTab } from './tabs/TokensTab'
