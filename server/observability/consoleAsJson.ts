/**
 * Sends what the services write with `console` (an unforeseen error a route caught, a
 * pool that lost its server) through the JSON log, so the command's output stays one
 * JSON object per line for whatever reads it.
 */
import { format } from 'node:util'
import type { ServerLog } from './jsonLog.js'

/**
 * Points `console.log/info/warn/error` at `log` for the rest of the process.
 *
 * @example
 * consoleAsJson(jsonLog())
 * console.error('[latchkit api]', error) // {"time":…,"level":"error","msg":"[latchkit api] Error: …"}
 */
export function consoleAsJson(log: ServerLog): void {
  console.log = (...args: unknown[]) => log.info(format(...args))
  console.info = console.log
  console.warn = (...args: unknown[]) => log.error(format(...args))
  console.error = console.warn
}
