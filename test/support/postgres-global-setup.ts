/**
 * vitest globalSetup: starts one throwaway PostgreSQL server for the whole run (see
 * postgres.ts), provides its admin URL as `postgres` (read it with `sharedPostgresUrl()`
 * from sharedPostgres.ts) and stops it, removing its files, when the run ends. Each test
 * file makes its own database in it with `createTestDatabase`. When the server cannot
 * start it provides why (`postgresError`) instead of throwing, so only the tests that use
 * it fail (sharedService.ts).
 */
import type { TestProject } from 'vitest/node'
import { startPostgres } from './postgres.js'
import { SHARED_SERVICES, startFailure } from './sharedService.js'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now()
  try {
    const server = await startPostgres()
    if (process.env.LATCHKIT_TIMINGS) {
      console.log(`[postgres] cluster up on port ${server.port} in ${Date.now() - started} ms`)
    }
    project.provide('postgres', server.url)
    return server.stop
  } catch (error) {
    const failure = startFailure(SHARED_SERVICES.postgres, error)
    console.error(failure)
    project.provide('postgresError', failure)
    return async () => {}
  }
}
