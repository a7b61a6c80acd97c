/**
 * The analytics collector's table: the widget's events, appended and never changed. Plain
 * SQL on PostgreSQL: the embedded database by default, or a PostgreSQL server shared by
 * several instances (append-only rows need nothing more to agree on).
 */
import { lockedSchema, openDatabaseWithSchema } from '../db/openWithSchema.js'
import type { Database, DatabaseOption } from '../db/sqlClient.js'

/** Any number the instances agree on: the advisory lock that lets one at a time make the table. */
const SCHEMA_LOCK = 4_735_917_320

const schema = lockedSchema(
  SCHEMA_LOCK,
  `  CREATE TABLE IF NOT EXISTS analytics_events (
    id bigserial PRIMARY KEY,
    project_id text NOT NULL,
    event text NOT NULL,
    method text,
    namespace text,
    network text,
    kind text,
    address text,
    at timestamptz NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX IF NOT EXISTS analytics_events_project_at ON analytics_events (project_id, at);`,
)

/**
 * Opens (or adopts) the database and makes sure the table exists.
 *
 * @example
 * const db = await openAnalyticsDatabase({ url: process.env.DATABASE_URL })
 */
export async function openAnalyticsDatabase(option: DatabaseOption = {}): Promise<Database> {
  return openDatabaseWithSchema(option, schema)
}
