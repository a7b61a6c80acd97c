import type { Kernel, Logger } from 'latchkit'
import type { EnsCaches } from './ensCaches'

/** What the names lookups work with: the kernel, the plugin's caches and its logger. */
export interface EnsContext {
  kernel: Kernel
  caches: EnsCaches
  logger: Logger
}
