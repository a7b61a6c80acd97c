import type { ActivityBench } from './activity'
import type { BudgetResult } from './budgets'
import type { ColdPath } from './coldPath'
import type { EmailLoginBench } from './emailLogin'
import type { Machine } from './machine'
import type { PeersInstall } from './peers'
import type { LatchkitSize, SizeRow } from './size'
import type { NotMeasurable, SpeedOptions, SpeedRow } from './speed'
import type { WalletConnectCosts } from './walletConnectCost'
import type { WalletSearchBench } from './walletSearch'

/** Everything one `npm run bench` measured: the shape of bench/results.json. */
export interface BenchResults {
  machine: Machine
  peers: PeersInstall
  size: {
    /** All four rows, Latchkit first; a row that could not be built carries its error. */
    rows: SizeRow[]
    latchkit: Omit<LatchkitSize, 'rows'>
    /** What WalletConnect adds to Latchkit, RainbowKit and AppKit (absent in runs before it existed). */
    walletConnect?: WalletConnectCosts
    budgets: BudgetResult[]
  }
  speed: {
    options: SpeedOptions
    rows: SpeedRow[]
    /** Why a row has no timings (its build failed, the browser did not start). */
    skipped: { id: string; reason: string }[]
    notYetMeasurable: NotMeasurable[]
    /** Latchkit minimal's cold path file by file, beside React alone (bench/coldPath.ts). */
    coldPath?: ColdPath
    /** The history plugin's list with 10,000 transactions: first paint and a scroll (bench/activity.ts). */
    activity?: ActivityBench
    /** The wallets plugin's search over 5,000 wallets: keystroke to list painted (bench/walletSearch.ts). */
    walletSearch?: WalletSearchBench
    /** Email login against the real frame service: code typed to account shown (bench/emailLogin.ts). */
    emailLogin?: EmailLoginBench
  }
  durationSeconds: number
}
