/**
 * The names the service registered, as rows of its database: add one (once), drop one
 * whose chain write failed, and read them by name or by address.
 */
import type { Address } from 'viem'
import type { SqlClient } from '../db/sqlClient.js'

/** A name the service registered. */
export type NameRecord = {
  name: string
  address: Address
  coinType: number
  attributes: Record<string, string>
  /** The signed message it was registered with. */
  message: string
  registeredAt: Date
  updatedAt: Date
}

type Row = {
  name: string
  address: Address
  coin_type: string | number
  attributes: Record<string, string>
  message: string
  registered_at: Date | string
  updated_at: Date | string
}

const COLUMNS = 'name, address, coin_type, attributes, message, registered_at, updated_at'

function toRecord(row: Row): NameRecord {
  return {
    name: row.name,
    address: row.address,
    coinType: Number(row.coin_type),
    attributes: row.attributes,
    message: row.message,
    registeredAt: new Date(row.registered_at),
    updatedAt: new Date(row.updated_at),
  }
}

/**
 * @example
 * const records = nameRecords(db.sql)
 * if (!(await records.add({ name, address, coinType, attributes, message, signature }))) throw taken
 */
export function nameRecords(sql: SqlClient) {
  return {
    /** Adds the name; false when it is already there (whoever added it first keeps it). */
    async add(entry: {
      name: string
      address: Address
      coinType: number
      attributes: Record<string, string>
      message: string
      signature: string
    }): Promise<boolean> {
      const { rows } = await sql.query(
        `INSERT INTO names (name, address, coin_type, attributes, message, signature)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6) ON CONFLICT (name) DO NOTHING RETURNING name`,
        [
          entry.name,
          entry.address,
          entry.coinType,
          JSON.stringify(entry.attributes),
          entry.message,
          entry.signature,
        ],
      )
      return rows.length === 1
    },

    /** Drops a name whose registration could not be finished, so it is free again. */
    async remove(name: string): Promise<void> {
      await sql.query('DELETE FROM names WHERE name = $1', [name])
    },

    async byName(name: string): Promise<NameRecord | undefined> {
      const { rows } = await sql.query<Row>(`SELECT ${COLUMNS} FROM names WHERE name = $1`, [name])
      return rows[0] && toRecord(rows[0])
    },

    /** Which of `names` are registered here. */
    async taken(names: readonly string[]): Promise<Set<string>> {
      const { rows } = await sql.query<{ name: string }>('SELECT name FROM names WHERE name = ANY($1)', [
        names,
      ])
      return new Set(rows.map((row) => row.name))
    },

    /** The names pointing at `address`, the newest first. */
    async byAddress(address: Address): Promise<NameRecord[]> {
      const { rows } = await sql.query<Row>(
        `SELECT ${COLUMNS} FROM names WHERE address = $1 ORDER BY registered_at DESC, name`,
        [address],
      )
      return rows.map(toRecord)
    },
  }
}

export type NameRecords = ReturnType<typeof nameRecords>
