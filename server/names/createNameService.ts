/**
 * The names service: registers names under the zones it serves, in its database and on
 * the chain, and answers names (forward, reverse, identity, suggestions) from both. It
 * is the `names` of the API app (`createApiApp({ names })`); its instances may share one
 * PostgreSQL, which is what keeps a name registered once.
 */
import {
  type Address,
  createPublicClient,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  toCoinType,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { NameService } from '../api/apiContext.js'
import { BadRequest, clip, HttpFailure } from '../api/httpErrors.js'
import type { DatabaseOption } from '../db/sqlClient.js'
import { type ChainName, chainNames, type EnsDeployment, normalizedName } from './chainNames.js'
import { chainOfCoinType } from './coinType.js'
import { openNamesDatabase } from './database.js'
import { type NameRecord, nameRecords } from './nameRecords.js'
import { isValidLabel, parseRegistrableName } from './nameRule.js'
import { readRegistrationMessage } from './registrationMessage.js'
import { ChainWriteError, setNameOnChain } from './setNameOnChain.js'

export type NameServiceOptions = {
  /** The ENS contracts names are read from and registered on. */
  ens: EnsDeployment
  /**
   * The key that owns each zone's node in the ENS registry and pays for registrations.
   * Keep it in a secret store; give it only the zones and the gas it needs.
   */
  operatorKey: Hex
  /** The zones names are registered under, e.g. `['latch.id']`. */
  zones: readonly string[]
  /**
   * The chains whose accounts may register (their signatures are checked there, so a
   * contract account's EIP-1271 check runs on its own chain). The ENS chain always is one.
   */
  chains?: readonly { chainId: number; rpcUrl: string }[]
  /** Where registrations are kept; several instances share a PostgreSQL by URL. Default: in memory. */
  database?: DatabaseOption
  /** How often a sent transaction's receipt is asked for. Default 1000 ms. */
  pollingIntervalMs?: number
  /** The clock registrations are dated by, in ms (tests move it). */
  now?: () => number
}

/** A names service with its database open; `close` lets go of it. */
export type StartedNameService = Required<
  Pick<NameService, 'identity' | 'lookup' | 'reverse' | 'suggest' | 'register'>
> & {
  close(): Promise<void>
}

/** What GET /v1/profile/account/{name} answers for a name. */
export type NameProfile = {
  name: string
  registered?: number
  updated?: number
  addresses: Record<string, { address: Address; created?: string }>
  attributes: Record<string, string>
}

/** A text record is shown as an avatar only when a browser can load it as one. */
const AVATAR_URL = /^(https:\/\/|data:image\/)/

/** The variants suggested beside the typed label. */
const SUGGESTION_SUFFIXES = ['', '1', '-id', '-app'] as const

/**
 * @example
 * const names = await createNameService({ ens, operatorKey: process.env.NAMES_OPERATOR_KEY, zones: ['latch.id'] })
 * const app = createApiApp({ chains, names })
 */
export async function createNameService(options: NameServiceOptions): Promise<StartedNameService> {
  // Before the database: deriving the key is CPU work that can overlap its opening.
  const operator = privateKeyToAccount(options.operatorKey)
  const pollingIntervalMs = options.pollingIntervalMs ?? 1000
  const now = options.now ?? Date.now
  const clients = new Map<number, PublicClient>()
  for (const { chainId, rpcUrl } of [
    { chainId: options.ens.chainId, rpcUrl: options.ens.rpcUrl },
    ...(options.chains ?? []),
  ]) {
    if (!clients.has(chainId))
      clients.set(
        chainId,
        createPublicClient({ transport: http(rpcUrl), pollingInterval: pollingIntervalMs }),
      )
  }
  const ensClient = clients.get(options.ens.chainId) as PublicClient
  const chain = chainNames(options.ens, ensClient)
  const chainIds = [...clients.keys()]
  const db = await openNamesDatabase(options.database)
  const records = nameRecords(db.sql)

  const profileOfRecord = (record: NameRecord): NameProfile => {
    const created = record.registeredAt.toISOString()
    const addresses: NameProfile['addresses'] = { '60': { address: record.address, created } }
    addresses[record.coinType.toString()] = { address: record.address, created }
    return {
      name: record.name,
      registered: Math.floor(record.registeredAt.getTime() / 1000),
      updated: Math.floor(record.updatedAt.getTime() / 1000),
      addresses,
      attributes: record.attributes,
    }
  }
  const profileOfChain = (found: ChainName): NameProfile => ({
    name: found.name,
    addresses: Object.fromEntries(
      Object.entries(found.addresses).map(([coin, address]) => [coin, { address }]),
    ),
    attributes: found.attributes,
  })

  /** Taken here or on chain by anyone but the operator (whose node may be a failed attempt's). */
  const takenNames = async (names: readonly string[]): Promise<Set<string>> => {
    const taken = await records.taken(names)
    const owners = await Promise.all(names.map((name) => (taken.has(name) ? undefined : chain.ownerOf(name))))
    names.forEach((name, i) => {
      const owner = owners[i]
      if (owner && owner !== operator.address) taken.add(name)
    })
    return taken
  }

  return {
    async identity(address) {
      const [record] = await records.byAddress(address)
      if (record) return { name: record.name, avatar: avatarOf(record.attributes.avatar) }
      const name = await upstream(() => chain.primaryName(address))
      if (!name) return { name: null, avatar: null }
      return { name, avatar: avatarOf(await upstream(() => chain.text(name, 'avatar'))) }
    },

    async lookup(name) {
      const normal = normalizedName(name)
      if (!normal) return undefined
      const record = await records.byName(normal)
      if (record) return profileOfRecord(record)
      const found = await upstream(() => chain.lookup(normal, chainIds))
      return found && profileOfChain(found)
    },

    async reverse(address) {
      const own = (await records.byAddress(address)).map(profileOfRecord)
      const primary = await upstream(() => chain.primaryName(address))
      if (!primary || own.some((profile) => profile.name === primary)) return own
      const found = await upstream(() => chain.lookup(primary, chainIds))
      return found ? [...own, profileOfChain(found)] : own
    },

    async suggest(typed, zone) {
      if (!options.zones.includes(zone)) {
        throw new BadRequest(
          `names are registered under ${options.zones.join(', ')} only`,
          'ZONE_UNSUPPORTED',
        )
      }
      const label = typed.toLowerCase().replace(/\..*$/, '')
      const names = SUGGESTION_SUFFIXES.map((suffix) => `${label}${suffix}`)
        .filter(isValidLabel)
        .map((candidate) => `${candidate}.${zone}`)
      const taken = await upstream(() => takenNames(names))
      return names.map((name) => ({ name, registered: taken.has(name) }))
    },

    async register(body) {
      const chainId = chainOfCoinType(Number(body.coin_type))
      const client = clients.get(chainId)
      if (!client) {
        throw new BadRequest(
          `coin_type ${clip(String(body.coin_type))}: chain ${chainId} is not served here`,
          'COIN_TYPE_UNSUPPORTED',
        )
      }
      const address = getAddress(body.address)
      const message = readRegistrationMessage(body.message, Math.floor(now() / 1000))
      const { name, label, zone } = parseRegistrableName(message.name, options.zones)
      const signed = await client
        .verifyMessage({ address, message: body.message, signature: body.signature as Hex })
        .catch(() => false)
      if (!signed) {
        throw new HttpFailure(401, `the signature is not ${address}'s over this message`, 'SIGNATURE_INVALID')
      }
      const coinType = Number(toCoinType(chainId))
      const taken = await upstream(() => takenNames([name]))
      const added =
        !taken.has(name) &&
        (await records.add({
          name,
          address,
          coinType,
          attributes: message.attributes,
          message: body.message,
          signature: body.signature,
        }))
      if (!added) {
        // The same signed registration again (a client retrying after a lost answer) gets
        // the answer it missed, not a refusal of its own name.
        const existing = await records.byName(name)
        if (existing?.address === address && existing.message === body.message) {
          return { success: true, name, address, coin_type: existing.coinType }
        }
        throw new HttpFailure(409, `${name} is already registered`, 'NAME_TAKEN')
      }
      try {
        const transactions = await setNameOnChain(
          { deployment: options.ens, operator, client: ensClient, sql: db.sql, pollingIntervalMs },
          { label, zone, address, chainId, attributes: message.attributes },
        )
        return { success: true, name, address, coin_type: coinType, transactions }
      } catch (error) {
        // Nothing half-done: the name is free again, and the answer says why.
        await records.remove(name)
        if (error instanceof ChainWriteError) throw new HttpFailure(502, error.message, 'CHAIN_WRITE_FAILED')
        throw error
      }
    },

    close: () => db.close(),
  }
}

function avatarOf(value: string | null | undefined): string | null {
  return value && AVATAR_URL.test(value) ? value : null
}

/** A chain read that failed is the chain's fault, not the caller's: 502, with the reason. */
async function upstream<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    const reason =
      error instanceof Error
        ? ((error as { shortMessage?: string }).shortMessage ?? error.message)
        : String(error)
    throw new HttpFailure(
      502,
      `the names chain did not answer: ${clip(reason.split('\n')[0] ?? '', 200)}`,
      'CHAIN_UNAVAILABLE',
    )
  }
}
