/**
 * The frame service's tables. Plain SQL on PostgreSQL: the embedded database by default,
 * or a PostgreSQL server shared by several instances behind a load balancer. Every rule
 * that must hold across instances (a code's attempts, its single use, rate limits, one
 * wallet per user) is a single SQL statement here, never process memory.
 *
 * What it holds: users (project, email), the social identities linked to them (issuer,
 * subject), social login flows (hashed state and one-time result), Farcaster login flows (hashed id
 * and nonce, the relay's channel token), their approved devices, hashed codes, hashed
 * device-approval tokens, hashed session tokens, rate-limit counters, and per wallet the
 * addresses, the recovery material and one auth share per device, every share encrypted
 * with AES-256-GCM under the service's share key (see shareCipher.ts).
 */
import { lockedSchema, openDatabaseWithSchema } from '../db/openWithSchema.js'
import type { Database, DatabaseOption } from '../db/sqlClient.js'

/** The advisory lock every frame-service instance takes to make the tables; no other service uses it. */
const SCHEMA_LOCK = 4_735_917_516

const schema = lockedSchema(
  SCHEMA_LOCK,
  `  CREATE TABLE IF NOT EXISTS ew_users (
    id text PRIMARY KEY,
    project_id text NOT NULL,
    email text NOT NULL,
    created_at timestamptz NOT NULL,
    UNIQUE (project_id, email)
  );
  CREATE TABLE IF NOT EXISTS ew_devices (
    user_id text NOT NULL REFERENCES ew_users (id),
    device_id text NOT NULL,
    approved_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, device_id)
  );
  CREATE TABLE IF NOT EXISTS ew_codes (
    id text PRIMARY KEY,
    project_id text NOT NULL,
    purpose text NOT NULL,
    email text NOT NULL,
    device_id text NOT NULL,
    user_id text,
    new_email text,
    code_hash text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  );
  CREATE INDEX IF NOT EXISTS ew_codes_lookup ON ew_codes (project_id, purpose, email, device_id, created_at);
  CREATE TABLE IF NOT EXISTS ew_device_approvals (
    token_hash text PRIMARY KEY,
    project_id text NOT NULL,
    user_id text NOT NULL REFERENCES ew_users (id),
    email text NOT NULL,
    device_id text NOT NULL,
    parent_origin text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    approved_at timestamptz
  );
  CREATE INDEX IF NOT EXISTS ew_device_approvals_wait ON ew_device_approvals (user_id, device_id);
  CREATE TABLE IF NOT EXISTS ew_sessions (
    token_hash text PRIMARY KEY,
    user_id text NOT NULL REFERENCES ew_users (id),
    project_id text NOT NULL,
    device_id text NOT NULL,
    parent_origin text NOT NULL,
    verified_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz
  );
  CREATE TABLE IF NOT EXISTS ew_rate_limits (
    bucket text NOT NULL,
    window_start timestamptz NOT NULL,
    hits integer NOT NULL,
    PRIMARY KEY (bucket, window_start)
  );
  CREATE TABLE IF NOT EXISTS ew_wallets (
    user_id text PRIMARY KEY REFERENCES ew_users (id),
    eip155_address text NOT NULL,
    solana_address text NOT NULL,
    recovery_share bytea NOT NULL,
    recovery_kdf jsonb NOT NULL,
    server_recovery_share bytea NOT NULL,
    created_at timestamptz NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ew_auth_shares (
    user_id text NOT NULL REFERENCES ew_wallets (user_id),
    device_id text NOT NULL,
    share bytea NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, device_id)
  );
  -- A user who logs in only by a social provider has no login email.
  ALTER TABLE ew_users ALTER COLUMN email DROP NOT NULL;
  CREATE TABLE IF NOT EXISTS ew_identities (
    project_id text NOT NULL,
    issuer text NOT NULL,
    subject text NOT NULL,
    user_id text NOT NULL REFERENCES ew_users (id),
    provider text NOT NULL,
    email text,
    email_verified boolean NOT NULL,
    name text,
    created_at timestamptz NOT NULL,
    last_login_at timestamptz NOT NULL,
    PRIMARY KEY (project_id, issuer, subject)
  );
  CREATE INDEX IF NOT EXISTS ew_identities_user ON ew_identities (user_id);
  CREATE TABLE IF NOT EXISTS ew_social_flows (
    state_hash text PRIMARY KEY,
    project_id text NOT NULL,
    provider text NOT NULL,
    device_id text NOT NULL,
    parent_origin text NOT NULL,
    redirect_uri text NOT NULL,
    link_user_id text REFERENCES ew_users (id),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    called_back_at timestamptz,
    user_id text REFERENCES ew_users (id),
    result_hash text UNIQUE,
    result_expires_at timestamptz,
    finished_at timestamptz
  );
  -- Sign In With Farcaster: the relay's channel token stays here (the frame holds only the
  -- flow's opaque id, stored hashed), the nonce only as its hash.
  CREATE TABLE IF NOT EXISTS ew_farcaster_flows (
    id_hash text PRIMARY KEY,
    project_id text NOT NULL,
    device_id text NOT NULL,
    parent_origin text NOT NULL,
    domain text NOT NULL,
    channel_token text NOT NULL,
    nonce_hash text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    user_id text REFERENCES ew_users (id)
  );`,
)

/**
 * Opens (or adopts) the database and makes sure the tables exist.
 *
 * @example
 * const db = await openFrameDatabase({ url: process.env.DATABASE_URL })
 */
export async function openFrameDatabase(option: DatabaseOption = {}): Promise<Database> {
  return openDatabaseWithSchema(option, schema)
}
