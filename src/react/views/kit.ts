/**
 * Everything the core views take from the shell and from each other, in one module.
 *
 * Why: esbuild splits code by the set of entry points (the app, each lazy view) that reach
 * a file. With each view importing the hooks it needs one by one, every hook shared by a
 * different set of views became a chunk of its own, 200-500 bytes gzipped alone (12 small
 * chunks in the minimal build). Reached through this one module, shared files have the
 * same set and land together: one initial chunk for the shell parts, one lazy chunk for the
 * parts views share. New views import from here too. Files listed here never import it.
 */

export { Avatar } from '../Avatar'
export { useKernel } from '../context'
export { describeFailure } from '../describeFailure'
export { formatBalance, safeImageUrl, safeLinkUrl, truncateAddress } from '../format'
export { Icon } from '../icons'
export { numberFormat } from '../intlFormats'
export { forgetView, loadView } from '../modal/loadView'
export { ViewSkeleton } from '../modal/ViewStates'
export { useAccount } from '../useAccount'
export { useConnectors } from '../useConnectors'
export { useLocaleDirection, useLocaleTag, useT } from '../useI18n'
export { useKernelState } from '../useKernelState'
export { useNetwork } from '../useNetwork'
export { useRoute } from '../useRoute'
export { useSlot } from '../useSlot'
export { currentAttempt, startConnect, useConnectAttempt } from './connectAttempt'
export { disconnectWithNotice } from './disconnectWithNotice'
export { NetworkIcon } from './NetworkIcon'
export { NetworkList } from './NetworkList'
export { useRefreshAfterTransactions } from './tabs/useRefreshAfterTransactions'
export { WalletIcon } from './WalletIcon'
