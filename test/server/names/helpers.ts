/**
 * What the names tests share: a latchkit-server serving names on a local chain's fixture
 * ENS, and a person who signs a registration the way the ens plugin does.
 */
import { type Hex, type PrivateKeyAccount, toCoinType } from 'viem'
import { fixtureEns } from '../../../devstack/fixtures.js'
import type { DatabaseOption } from '../../../server/db/sqlClient.js'
import { type RunningServer, startServer } from '../../../server/startServer.js'

/**
 * Starts latchkit-server with names on `chain`'s fixture ENS (zone `latch.id`, the
 * fixture names operator's key), keeping registrations in `database`.
 *
 * @example const server = await startNamesServer({ chainId: 31337, rpcUrl }, { url })
 */
export function startNamesServer(
  chain: { chainId: number; rpcUrl: string },
  database?: DatabaseOption,
): Promise<RunningServer> {
  return startServer({
    chains: [chain],
    ...(database && { database }),
    names: {
      ens: {
        chainId: chain.chainId,
        registry: fixtureEns.registry,
        publicResolver: fixtureEns.publicResolver,
        universalResolver: fixtureEns.universalResolver,
      },
      zones: [fixtureEns.zone],
      operatorKey: fixtureEns.operator.privateKey,
    },
  })
}

/** The body of POST /v1/profile/account for `name`, signed by `signer` for `chainId`. */
export async function signedRegistration(
  signer: PrivateKeyAccount,
  name: string,
  chainId: number,
  options: { timestamp?: number; by?: PrivateKeyAccount } = {},
): Promise<{ coin_type: number; address: string; message: string; signature: Hex }> {
  const message = JSON.stringify({
    name,
    attributes: {},
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  })
  const signature = await (options.by ?? signer).signMessage({ message })
  return { coin_type: Number(toCoinType(chainId)), address: signer.address, message, signature }
}

/** A JSON call to `base`; the answer's status and body. */
export async function call<Body = Record<string, unknown>>(
  base: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Body }> {
  // Every GET names the project, as the widget's calls do.
  const url =
    body === undefined
      ? `${base}${path}${path.includes('?') ? '&' : '?'}projectId=names-test`
      : `${base}${path}`
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body !== undefined && {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  })
  return { status: response.status, body: (await response.json()) as Body }
}

/** A label no earlier run used, so a test registers a free name on a cached chain. */
export function freshLabel(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
}
