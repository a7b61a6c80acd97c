'use client'
/**
 * latchkit/react: the React binding (provider, hooks, buttons) and the modal with the
 * core views. Every module is safe to import and render on the server.
 *
 * @example
 * import { LatchProvider, ConnectButton, NetworkButton } from 'latchkit/react'
 *
 * <LatchProvider kernel={kernel}>
 *   <NetworkButton />
 *   <ConnectButton />
 * </LatchProvider>
 */
export { LatchProvider } from './LatchProvider'
export type { LatchProviderProps } from './LatchProvider'
export { useKernel } from './context'
export { ProviderMissingError } from './errors'
export { useKernelState } from './useKernelState'
export { useModal } from './useModal'
export type { UseModalReturnType } from './useModal'
export { useAccount } from './useAccount'
export type { UseAccountReturnType } from './useAccount'
export { useNetwork } from './useNetwork'
export type { UseNetworkReturnType } from './useNetwork'
export { useConnectors } from './useConnectors'
export { useSlot } from './useSlot'
export { useI18n, useT } from './useI18n'
export type { Translate } from './useI18n'
export { useRoute } from './useRoute'
export { setTheme, useTheme, cssVariableName } from './theme'
export type { ThemePatch } from './theme'
export { themeTokens } from './tokens'
export { ConnectButton } from './ConnectButton'
export type { ConnectButtonProps } from './ConnectButton'
export { AccountButton } from './AccountButton'
export type { AccountButtonProps } from './AccountButton'
export { NetworkButton } from './NetworkButton'
export { Avatar } from './Avatar'
export { coreStrings } from './strings'
export type { CoreStringKey } from './strings'
export { registerCoreViews } from './views/registerCoreViews'
export { preloadView } from './modal/loadView'
export { truncateAddress, formatBalance, safeImageUrl } from './format'
export type { ConnectMethodContribution, FeatureContribution, AccountTabContribution } from './contributions'
