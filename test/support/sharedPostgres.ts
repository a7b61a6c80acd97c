/** The run's PostgreSQL server (postgres-global-setup.ts), as the tests that use it read it. */
import { inject } from 'vitest'
import { requireService, SHARED_SERVICES } from './sharedService.js'

/**
 * The admin URL of the run's PostgreSQL server; throws why it did not start when it did not.
 *
 * @example const db = await createTestDatabase(sharedPostgresUrl())
 */
export function sharedPostgresUrl(): string {
  return requireService(
    SHARED_SERVICES.postgres,
    inject('postgres'),
    inject('postgresError'),
    'test/support/postgres-global-setup.ts',
  )
}
