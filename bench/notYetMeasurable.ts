import type { NotMeasurable } from './speed'

/**
 * The speed figures that need UI or a driver the project does not have yet, each with the
 * reason, so the report says so rather than printing a number for something else. Empty
 * since the wallet search got its driver (bench/walletSearch.ts); a figure a new feature
 * calls for goes here until its driver lands.
 */
export function notYetMeasurable(): NotMeasurable[] {
  return []
}
