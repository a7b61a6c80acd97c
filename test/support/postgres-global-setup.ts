/**
 * vitest globalSetup: starts one throwaway PostgreSQL server for the whole run (see
 * postgres.ts), provides its admin URL as `postgres` (read it with `inject('postgres')`)
 * and stops it, removing its files, when the run ends. Each test file makes its own
 * database in it with `createTestDatabase`.
 */
import type { TestProject } from 'vitest/node'
import { startPostgres } from './postgres.js'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now()
  const server = await startPostgres()
  if (process.env.LATCHKIT_TIMINGS) {
    console.log(`[postgres] cluster up on port ${server.port} in ${Date.now() - started} ms`)
  }
  project.provide('postgres', server.url)
  return server.stop
}
