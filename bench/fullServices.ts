/**
 * The local services the "Latchkit full" row is configured against, as `npm run demo`
 * starts them (devstack/demo.ts): an anvil chain with the fixture contracts, the local API
 * server (balances, wallet registry, names, analytics collector, on-ramps, sign-in
 * verifier), the WalletConnect relay, and the embedded wallet's frame service with the
 * mailbox and the local social providers. All on 127.0.0.1: the speed bench blocks every
 * other host, so what the full widget asks these for at start-up is counted as the
 * start-up requests of a configured app, and nothing leaves the machine.
 *
 * Farcaster login is configured in the widget (the plugin takes no options) but the frame
 * service runs without its Farcaster stand-ins (a fourth anvil, the auth relay): nothing
 * the bench times reaches them.
 */
import { randomBytes } from 'node:crypto'
import { startApiServer } from '../devstack/api/server'
import { startChains } from '../devstack/chain'
import { startMailbox } from '../devstack/mailbox'
import { startSocialProviders } from '../devstack/oauth'
import { startFrameService } from '../server/embedded-wallet'
import { startRelay } from '../server/relay'
import type { FullAppServices } from './apps/fullAppServices'

/** The project id the full app sends; the frame service knows it. */
export const FULL_APP_PROJECT = 'latchkit-bench-full'

export interface StartedFullServices {
  /**
   * Allows the page's origin where a service is bound to it (the frame service, sign-in)
   * and returns the query string that hands the services to bench/apps/latchkit-full.tsx.
   */
  pageQuery(pageUrl: string): Promise<string>
  /** Stops everything it started, newest first. Safe to call twice. */
  stop(): Promise<void>
}

/**
 * @example
 * const services = await startFullServices()
 * await page.goto(`${site.url}${await services.pageQuery(site.url)}`)
 * await services.stop()
 */
export async function startFullServices(): Promise<StartedFullServices> {
  const stops: (() => Promise<unknown>)[] = []
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      for (const one of stops.reverse()) await one().catch(() => undefined)
    })()
    return stopping
  }
  const started = <T extends { stop(): Promise<unknown> }>(service: T): T => {
    stops.push(() => service.stop())
    return service
  }
  try {
    const chains = started(await startChains({ chainIds: [31337] }))
    const chain = chains.chains[0]
    if (!chain) throw new Error('startChains started no chain')
    const relay = started(await startRelay())
    const mailbox = started(await startMailbox())
    const social = started(await startSocialProviders())
    const frame = started(
      await startFrameService({
        smtp: { host: mailbox.smtpHost, port: mailbox.smtpPort, from: 'Bench <login@latchkit.test>' },
        projects: { [FULL_APP_PROJECT]: { allowedOrigins: [] } },
        chains: { [`eip155:${chain.chainId}`]: chain.rpcUrl },
        shareKey: randomBytes(32).toString('base64'),
        social: social.social,
      }),
    )
    const api = started(await startApiServer({ chains: chains.chains, requestLog: 0 }))
    let siweFor: string | undefined
    return {
      async pageQuery(pageUrl) {
        const origin = new URL(pageUrl).origin
        frame.service.setAllowedOrigins(FULL_APP_PROJECT, [origin])
        if (siweFor === undefined) {
          siweFor = origin
          await api.serveSiwe({ origin: [origin] })
        } else if (siweFor !== origin) throw new Error(`sign-in already serves ${siweFor}, not ${origin}`)
        const services: FullAppServices = {
          chainId: chain.chainId,
          rpcUrl: chain.rpcUrl,
          apiUrl: api.url,
          relayUrl: relay.url,
          frameUrl: frame.url,
          projectId: FULL_APP_PROJECT,
        }
        return `?services=${encodeURIComponent(JSON.stringify(services))}`
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
