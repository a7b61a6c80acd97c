'use client'
export type { AccountButtonProps } from './AccountButton'
export { AccountButton } from './AccountButton'
export { Avatar } from './Avatar'
export type { ConnectButtonProps } from './ConnectButton'
export { ConnectButton } from './ConnectButton'
export { useKernel } from './context'
export type {
  AccountTabContribution,
  ConnectGateContribution,
  ConnectMethodContribution,
  ConnectorTypeContribution,
  FeatureContribution,
} from './contributions'
export type { CoreStringKey } from './coreStrings'
export { coreStrings } from './coreStrings'
export { ProviderMissingError } from './errors'
export { formatBalance, safeImageUrl, truncateAddress } from './format'
export { dateTimeFormat, numberFormat, relativeTimeFormat } from './intlFormats'
export type { LatchProviderProps } from './LatchProvider'
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
export { preloadView } from './modal/loadView'
export { NetworkButton } from './NetworkButton'
export type { PreloadableComponent } from './preloadable'
export { preloadable } from './preloadable'
export type { ThemeControls, ThemePatch } from './theme'
export { cssVariableName, setTheme, useTheme } from './theme'
export { themeTokens } from './tokens'
export type { UseAccountReturnType } from './useAccount'
export { useAccount } from './useAccount'
export { useConnectors } from './useConnectors'
export type { Translate } from './useI18n'
export { useI18n, useLocaleDirection, useLocaleTag, useT } from './useI18n'
export { useKernelState } from './useKernelState'
export type { UseModalReturnType } from './useModal'
export { useModal } from './useModal'
export type { UseNetworkReturnType } from './useNetwork'
export { useNetwork } from './useNetwork'
export { useRoute } from './useRoute'
export { useSlot } from './useSlot'
export { registerCoreViews } from './views/registerCoreViews'
