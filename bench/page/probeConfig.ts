/** What the in-page probe needs to know about the app it measures. */
export interface ProbeConfig {
  /** Selectors to the connect button, each looked up inside the shadow root of the one before. */
  connectButton: readonly string[]
  /** The name the probe announces its EIP-6963 wallet under; the list shows it. */
  walletName: string
  /** 'cold' starts clicking from navigation start; 'idle' waits to be driven. */
  mode: 'cold' | 'idle'
}
