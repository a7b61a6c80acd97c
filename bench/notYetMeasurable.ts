import { existsSync } from 'node:fs'
import { repoRoot } from './paths'
import type { NotMeasurable } from './speed'

/**
 * The speed figures that need UI the project does not have yet, each with the reason,
 * worked out from the tree so the report changes by itself when the UI lands. Once a
 * plugin exists, its measurement still needs a driver here; until then the report says so
 * rather than printing a number for something else.
 */
export function notYetMeasurable(): NotMeasurable[] {
  const missing: NotMeasurable[] = []
  const wallets = `${repoRoot}/plugins/wallets/index.ts`
  missing.push({
    what: 'wallet list search over 5,000 wallets (time per keystroke)',
    reason: existsSync(wallets)
      ? 'plugins/wallets exists, but the bench has no driver for its search box yet (feed 5,000 wallets through the local API, type, time each keystroke to paint)'
      : 'there is no all-wallets list with a search box yet (plugins/wallets does not exist); the core wallet list only shows discovered wallets. For the peers it needs their wallet API (blocked offline: AppKit) or has no search at all (RainbowKit).',
  })
  return missing
}
