import { registerWallet } from '@wallet-standard/wallet'
import { solanaFixtureAccounts } from '../solana/fixtures.js'
import { type ConsentQueue, createConsentQueue } from './consent.js'
import {
  type CreateDevSolanaWalletOptions,
  createDevSolanaWallet,
  type DevSolanaWallet,
} from './createDevSolanaWallet.js'
import { mountSolanaPrompt } from './panel.js'

export interface InstallDevSolanaWalletOptions
  extends Partial<Omit<CreateDevSolanaWalletOptions, 'rpcUrl' | 'consent'>> {
  /** The local Solana endpoint (`startSolanaRpc().url`). */
  rpcUrl: string
  /** Where the prompt is appended. Default `document.body`. */
  mount?: HTMLElement
}

export interface InstalledDevSolanaWallet extends DevSolanaWallet {
  consent: ConsentQueue
  /**
   * Removes the prompt and forgets the site. The wallet stays registered: the Wallet
   * Standard's registerWallet() gives no way back, as with a real extension.
   */
  uninstall(): void
}

/**
 * Puts the dev Solana wallet in the page: registers it with the Wallet Standard (so any
 * Solana dApp, Latchkit included, lists it) and shows its approve / reject prompt. Keys are
 * the devstack's fixture keypairs; the connection is remembered in localStorage so a
 * reload reconnects silently.
 *
 * @example
 * import { installDevSolanaWallet } from '../devstack/dev-wallet-solana/index.js'
 * installDevSolanaWallet({ rpcUrl: 'http://127.0.0.1:8899' })
 */
export function installDevSolanaWallet(options: InstallDevSolanaWalletOptions): InstalledDevSolanaWallet {
  const consent = createConsentQueue()
  const devWallet = createDevSolanaWallet({
    accounts: options.accounts ?? solanaFixtureAccounts,
    chains: options.chains,
    rpcUrl: options.rpcUrl,
    consent,
    storage: options.storage ?? globalThis.localStorage,
  })
  registerWallet(devWallet.wallet as Parameters<typeof registerWallet>[0])
  const unmount = mountSolanaPrompt({ mount: options.mount ?? document.body, consent })
  return {
    ...devWallet,
    consent,
    uninstall() {
      unmount()
      devWallet.revoke()
    },
  }
}
