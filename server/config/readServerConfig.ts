/**
 * A config file's contents turned into what `startServer` takes: checked against the
 * schema (configSchema.ts), secrets read from the environment, fields checked against each
 * other (a swap chain must be served, names need their ENS chain), relative paths read
 * from the file's directory, and the written forms turned into objects (a price table
 * into a `PriceSource`, an on-ramp provider's URLs into an `OnrampProvider`). Every
 * mistake is a {@link ConfigError} that names the field, e.g.
 * `latchkit.config.json: chains[0].rpcUrl: expected an http(s) URL`.
 */
import { readFileSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import type { Hex } from 'viem'
import * as z from 'zod/mini'
import en from 'zod/v4/locales/en.js'
import { MIN_FUNNEL_TOKEN_LENGTH } from '../analytics/funnelAccess.js'
import type { ImageSource, SwapSettings, WalletListItem } from '../api/apiContext.js'
import type { ChainConfig } from '../api/chainConfig.js'
import { fileImages } from '../api/fileImages.js'
import type { HistorySource } from '../api/historySource.js'
import { httpOnrampProvider } from '../api/httpOnrampProvider.js'
import type { OnrampProvider } from '../api/onrampProvider.js'
import type { PriceSource } from '../api/priceSource.js'
import { staticPrices } from '../api/staticPrices.js'
import { checksumAddress } from '../checksumAddress.js'
import { DEFAULT_PORT } from '../cliArgs.js'
import { redactPassword } from '../db/postgres.js'
import type { DatabaseOption } from '../db/sqlClient.js'
import { FrameCliError, parseSmtpUrl } from '../embedded-wallet/cliArgs.js'
import { clientIpFromHeader } from '../embedded-wallet/clientIp.js'
import type { SocialOptions } from '../embedded-wallet/social.js'
import type { ServerConfig, ServerFrame, ServerHistory } from '../serverConfig.js'
import { ConfigError } from './configError.js'
import {
  type ConfigFile,
  configFileSchema,
  type HttpProviderConfig,
  type Secret,
  walletList,
} from './configSchema.js'

export { ConfigError }

export type ReadConfigOptions = {
  /** Where `{ "env": … }` secrets and the defaults (PORT, DATABASE_URL, …) are read. */
  env: Readonly<Record<string, string | undefined>>
  /** The directory relative paths (dataDir, images, walletRegistry) are read from: the file's. */
  baseDir: string
  /** What messages name as the source, e.g. `latchkit.config.json`. */
  source: string
}

type Path = readonly PropertyKey[]

/**
 * A field's path as it reads in the file: `chains[0].rpcUrl`, `swap.chains["eip155:10"]`.
 *
 * @example fieldPath(['chains', 0, 'rpcUrl']) // 'chains[0].rpcUrl'
 */
export function fieldPath(path: Path): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else if (/^[A-Za-z_$][\w$]*$/.test(String(key))) out += out === '' ? String(key) : `.${String(key)}`
    else out += `[${JSON.stringify(String(key))}]`
  }
  return out === '' ? '(the file)' : out
}

type Issue = { code: string; path: Path; message: string; keys?: string[]; errors?: Issue[][] }

/**
 * The issue to report, as precise as zod knows it: an unknown field by its own path, and
 * for a value that matched no form of a union (a provider written out, or one from code),
 * the mistake inside the one form it came closest to.
 */
function preciseIssue(issue: Issue): { path: Path; message: string } {
  if (issue.code === 'unrecognized_keys' && issue.keys?.[0] !== undefined)
    return {
      path: [...issue.path, issue.keys[0]],
      message: 'unknown field (a typo? docs/server-config.md lists them)',
    }
  if (issue.code === 'invalid_union' && issue.errors) {
    const inside = issue.errors.filter(
      (branch) => branch.length > 0 && branch.every((inner) => inner.path.length > 0),
    )
    const [closest] = inside
    if (inside.length === 1 && closest?.[0])
      return preciseIssue({ ...closest[0], path: [...issue.path, ...closest[0].path] })
  }
  return issue
}

/**
 * @example
 * const config = readServerConfig(JSON.parse(text), { env: process.env, baseDir: '/etc/latchkit', source: 'latchkit.config.json' })
 * await startServer(config)
 */
export function readServerConfig(raw: unknown, options: ReadConfigOptions): ServerConfig {
  const { env, source } = options
  const fail = (path: Path, message: string): never => {
    throw new ConfigError(`${source}: ${fieldPath(path)}: ${message}`)
  }
  const parsed = z.safeParse(configFileSchema, raw, { error: en().localeError })
  if (!parsed.success) {
    const [first, ...more] = parsed.error.issues as unknown as Issue[]
    const issue = first ? preciseIssue(first) : { path: [], message: 'not valid' }
    const rest = more.length > 0 ? ` (and ${more.length} more)` : ''
    return fail(issue.path, `${issue.message}${rest}`)
  }
  const file: ConfigFile = parsed.data
  const fromEnv = (name: string, path: Path) => {
    const value = env[name]
    return value === undefined || value === ''
      ? fail(path, `the environment variable ${name} is not set`)
      : value
  }
  const reveal = (value: Secret, path: Path) =>
    typeof value === 'string' ? value : fromEnv(value.env, [...path, 'env'])
  const url = (value: string | { env: string }, path: Path) => {
    const text = reveal(value, path)
    return URL.canParse(text) && /^https?:$/.test(new URL(text).protocol)
      ? text
      : fail(path, `${typeof value === 'string' ? 'expected' : `${value.env} holds no`} http(s) URL`)
  }
  const local = (path: string) => (isAbsolute(path) ? path : resolve(options.baseDir, path))
  const canonicalOrigins = (origins: readonly string[] | undefined) =>
    origins?.map((origin) => new URL(origin).origin)

  const chains: ChainConfig[] = file.chains.map((chain, i) => {
    const at = ['chains', i]
    if (file.chains.findIndex((other) => other.chainId === chain.chainId) !== i)
      fail([...at, 'chainId'], `chain ${chain.chainId} is given twice`)
    return {
      chainId: chain.chainId,
      rpcUrl: url(chain.rpcUrl, [...at, 'rpcUrl']),
      ...(chain.name !== undefined && { name: chain.name }),
      ...(chain.nativeCurrency && { nativeCurrency: chain.nativeCurrency }),
      ...(chain.tokens && {
        tokens: chain.tokens.map((token) => ({ ...token, address: checksumAddress(token.address) })),
      }),
      ...(chain.nftCollections && {
        nftCollections: chain.nftCollections.map((nft) => ({
          ...nft,
          address: checksumAddress(nft.address),
        })),
      }),
    }
  })
  const served = (chainId: number) => chains.some((chain) => chain.chainId === chainId)

  const database = (value: NonNullable<ConfigFile['database']>, path: Path): DatabaseOption => {
    if ('dataDir' in value) return { dataDir: local(value.dataDir) }
    const text = reveal(value.url, [...path, 'url'])
    if (!/^postgres(ql)?:\/\//.test(text))
      fail([...path, 'url'], `${redactPassword(text)}: expected postgres://user:password@host:5432/database`)
    return { url: text }
  }

  let swap: SwapSettings | undefined
  if (file.swap) {
    swap = { chains: {} }
    for (const [caip2, deployment] of Object.entries(file.swap.chains)) {
      if (!served(Number(caip2.slice('eip155:'.length))))
        fail(['swap', 'chains', caip2], `${caip2} is not one of the chains`)
      swap.chains[caip2] = {
        router: checksumAddress(deployment.router),
        weth: checksumAddress(deployment.weth),
      }
    }
  }

  let names: ServerConfig['names']
  if (file.names) {
    const { ens } = file.names
    if (!served(ens.chainId))
      fail(['names', 'ens', 'chainId'], `chain ${ens.chainId} is not one of the chains`)
    const operatorKey =
      file.names.operatorKey === undefined
        ? fromEnv('LATCHKIT_NAMES_OPERATOR_KEY', ['names', 'operatorKey'])
        : reveal(file.names.operatorKey, ['names', 'operatorKey'])
    if (!/^0x[0-9a-fA-F]{64}$/.test(operatorKey))
      fail(
        ['names', 'operatorKey'],
        'expected the 0x private key (64 hex digits) that owns each zone in the ENS registry',
      )
    names = {
      ens: {
        chainId: ens.chainId,
        registry: checksumAddress(ens.registry),
        publicResolver: checksumAddress(ens.publicResolver),
        universalResolver: checksumAddress(ens.universalResolver),
      },
      zones: file.names.zones,
      operatorKey: operatorKey as Hex,
      ...(file.names.pollingIntervalMs !== undefined && { pollingIntervalMs: file.names.pollingIntervalMs }),
    }
  }

  let onramp: ServerConfig['onramp']
  if (file.onramp) {
    const providers: OnrampProvider[] = file.onramp.providers.map((provider, i) => {
      const at = ['onramp', 'providers', i]
      if ('purchases' in provider && typeof provider.purchases === 'function')
        return provider as OnrampProvider
      const described = provider as HttpProviderConfig
      return httpOnrampProvider({
        id: described.id,
        name: described.name,
        feePercent: described.feePercent,
        networkFee: described.networkFee,
        checkoutUrl: described.checkoutUrl,
        purchasesUrl: described.purchasesUrl,
        ...(described.purchasesToken !== undefined && {
          purchasesToken: reveal(described.purchasesToken, [...at, 'purchasesToken']),
        }),
        ...(described.assets && { assets: described.assets }),
        ...(described.timeoutMs !== undefined && { timeoutMs: described.timeoutMs }),
      })
    })
    providers.forEach((provider, i) => {
      if (providers.findIndex((other) => other.id === provider.id) !== i)
        fail(['onramp', 'providers', i, 'id'], `two providers have the id ${provider.id}`)
    })
    onramp = { providers, ...(file.onramp.usdPerEur !== undefined && { usdPerEur: file.onramp.usdPerEur }) }
  }

  const prices: PriceSource | undefined =
    file.prices === undefined
      ? undefined
      : typeof (file.prices as PriceSource).usd === 'function'
        ? (file.prices as PriceSource)
        : staticPrices(file.prices as Record<string, { native?: number; tokens?: Record<string, number> }>)

  let funnel: ServerConfig['analyticsFunnelAccess']
  if (file.analytics) {
    const given = file.analyticsFunnelAccess
    const token =
      given === undefined
        ? env.LATCHKIT_ANALYTICS_TOKEN || undefined
        : typeof given === 'object'
          ? reveal(given.token, ['analyticsFunnelAccess', 'token'])
          : undefined
    if (token !== undefined && token.length < MIN_FUNNEL_TOKEN_LENGTH)
      fail(
        ['analyticsFunnelAccess', 'token'],
        `the token must be at least ${MIN_FUNNEL_TOKEN_LENGTH} characters`,
      )
    funnel = token !== undefined ? { token } : given === 'open' ? 'open' : 'closed'
  } else if (file.analyticsFunnelAccess !== undefined || file.analyticsMaxEventsPerBatch !== undefined) {
    fail(['analytics'], 'the analytics settings need "analytics": true')
  }

  let history: ServerConfig['history']
  if (Array.isArray(file.history)) history = file.history as HistorySource[]
  else if (file.history) history = readHistory(file.history)
  function readHistory(settings: Exclude<NonNullable<ConfigFile['history']>, unknown[]>): ServerHistory {
    const at = ['history']
    const { evm, solana: follow, retry } = settings
    let evmHistory: ServerHistory['evm']
    if (evm?.indexerUrl !== undefined) {
      const ran = (['chains', 'database', 'pollingIntervalMs'] as const).find((key) => evm[key] !== undefined)
      if (ran)
        fail(
          [...at, 'evm', ran],
          'either "indexerUrl" (an indexer run elsewhere) or the indexer to run here ("chains", "database", "pollingIntervalMs"), not both',
        )
      evmHistory = { indexerUrl: evm.indexerUrl }
    } else if (evm) {
      evm.chains?.forEach((chainId, i) => {
        if (!served(chainId)) fail([...at, 'evm', 'chains', i], `chain ${chainId} is not one of the chains`)
      })
      evmHistory = {
        ...(evm.chains && { chains: evm.chains }),
        ...(evm.database && {
          database: database(evm.database, [...at, 'evm', 'database']) as
            | { url: string }
            | { dataDir: string },
        }),
        ...(evm.pollingIntervalMs !== undefined && { pollingIntervalMs: evm.pollingIntervalMs }),
      }
    }
    if (follow && !file.solana)
      fail([...at, 'solana'], 'the Solana history follows the "solana" cluster: give "solana" too')
    if (retry && retry.firstMs > retry.maxMs)
      fail([...at, 'retry', 'maxMs'], `must be at least firstMs (${retry.firstMs})`)
    return {
      ...(evmHistory && { evm: evmHistory }),
      ...(follow && {
        solana: {
          ...(follow.database && { database: database(follow.database, [...at, 'solana', 'database']) }),
          ...(follow.pollIntervalMs !== undefined && { pollIntervalMs: follow.pollIntervalMs }),
          ...(follow.fromSlot !== undefined && { fromSlot: BigInt(follow.fromSlot) }),
        },
      }),
      ...(retry && { retry }),
    }
  }

  let walletRegistry: readonly WalletListItem[] | undefined
  if (typeof file.walletRegistry === 'string') {
    const path = local(file.walletRegistry)
    let listed: unknown
    try {
      listed = JSON.parse(readFileSync(path, 'utf8'))
    } catch (error) {
      fail(['walletRegistry'], `${path}: ${error instanceof Error ? error.message : String(error)}`)
    }
    const wallets = z.safeParse(walletList, listed, { error: en().localeError })
    if (!wallets.success) {
      const issue = wallets.error.issues[0]
      fail(
        ['walletRegistry'],
        `${path}: ${fieldPath(issue?.path ?? [])}: ${issue?.message ?? 'not a wallet list'}`,
      )
    }
    walletRegistry = wallets.data
  } else if (file.walletRegistry) walletRegistry = file.walletRegistry

  let images: ImageSource | undefined
  if (file.images) {
    if (typeof (file.images as ImageSource).walletImage === 'function') images = file.images as ImageSource
    else {
      const files = file.images as Record<
        'wallet' | 'asset' | 'currency' | 'token',
        Record<string, string> | undefined
      >
      const absolute = (kind: keyof typeof files) =>
        files[kind] && Object.fromEntries(Object.entries(files[kind]).map(([id, path]) => [id, local(path)]))
      try {
        images = fileImages({
          ...(files.wallet && { wallet: absolute('wallet') }),
          ...(files.asset && { asset: absolute('asset') }),
          ...(files.currency && { currency: absolute('currency') }),
          ...(files.token && { token: absolute('token') }),
        })
      } catch (error) {
        fail(['images'], error instanceof Error ? error.message : String(error))
      }
    }
  }

  const frame = file.frame && readFrame(file.frame)
  function readFrame(settings: NonNullable<ConfigFile['frame']>): ServerFrame {
    const at = ['frame']
    let smtp: ReturnType<typeof parseSmtpUrl>
    try {
      smtp = parseSmtpUrl(reveal(settings.smtp.url, [...at, 'smtp', 'url']))
    } catch (error) {
      return fail([...at, 'smtp', 'url'], error instanceof FrameCliError ? error.message : String(error))
    }
    const shareKey =
      settings.shareKey === undefined
        ? fromEnv('LATCHKIT_FRAME_SHARE_KEY', [...at, 'shareKey'])
        : reveal(settings.shareKey, [...at, 'shareKey'])
    const social: SocialOptions | undefined = settings.social && {
      providers: Object.fromEntries(
        Object.entries(settings.social).map(([provider, options]) => [
          provider,
          options && {
            ...options,
            clientSecret: reveal(options.clientSecret, [...at, 'social', provider, 'clientSecret']),
          },
        ]),
      ),
    }
    return {
      ...(settings.port !== undefined && { port: settings.port }),
      ...(settings.host !== undefined && { host: settings.host }),
      ...(settings.publicUrl !== undefined && { publicUrl: new URL(settings.publicUrl).origin }),
      projects: Object.fromEntries(
        Object.entries(settings.projects).map(([id, project]) => [
          id,
          { allowedOrigins: canonicalOrigins(project.allowedOrigins) ?? [] },
        ]),
      ),
      ...(settings.chains && { chains: settings.chains }),
      smtp: { ...smtp, from: settings.smtp.from },
      shareKey,
      ...(social && { social }),
      ...(settings.farcaster && { farcaster: settings.farcaster }),
      ...(settings.limits && { limits: settings.limits }),
      ...(settings.clientIpHeader !== undefined && {
        clientIp: clientIpFromHeader(settings.clientIpHeader.toLowerCase()),
      }),
      ...(settings.database && { database: database(settings.database, [...at, 'database']) }),
    }
  }

  const relay = file.relay === true ? {} : file.relay
  // The indexes run here keep theirs in the server's database unless they name their own.
  const indexed = Array.isArray(file.history) ? undefined : file.history
  const stateful =
    (indexed?.evm !== undefined && indexed.evm.indexerUrl === undefined && !indexed.evm.database) ||
    (indexed?.solana !== undefined && !indexed.solana.database) ||
    (file.siweOrigins?.length ?? 0) > 0 ||
    names !== undefined ||
    file.analytics === true ||
    relay !== undefined ||
    (frame !== undefined && frame.database === undefined)
  if (file.database && !stateful)
    fail(
      ['database'],
      'no service keeps state here: give siweOrigins, names, analytics, relay, frame or history to run with it',
    )
  const chosenDatabase: DatabaseOption | undefined = file.database
    ? database(file.database, ['database'])
    : stateful && env.DATABASE_URL
      ? database({ url: env.DATABASE_URL }, ['database'])
      : undefined

  const port = file.port ?? (env.PORT ? Number(env.PORT) : DEFAULT_PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(['port'], `PORT ${env.PORT} is not a port (0-65535)`)
  const solana = file.solana && { ...file.solana, rpcUrl: url(file.solana.rpcUrl, ['solana', 'rpcUrl']) }
  const metrics =
    typeof file.metrics === 'object'
      ? { token: reveal(file.metrics.token, ['metrics', 'token']) }
      : file.metrics

  return {
    port,
    ...(file.host !== undefined && { host: file.host }),
    chains,
    ...(solana && { solana }),
    allowedOrigins: canonicalOrigins(file.allowedOrigins) ?? [],
    corsOrigins: canonicalOrigins(file.corsOrigins) ?? [],
    ...(file.maxBodyBytes !== undefined && { maxBodyBytes: file.maxBodyBytes }),
    ...(file.siweOrigins && { siweOrigins: canonicalOrigins(file.siweOrigins) }),
    ...(file.siweSessionMaxAgeSeconds !== undefined && {
      siweSessionMaxAgeSeconds: file.siweSessionMaxAgeSeconds,
    }),
    ...(chosenDatabase && { database: chosenDatabase }),
    ...(swap && { swap }),
    ...(prices && { prices }),
    ...(onramp && { onramp }),
    ...(names && { names }),
    ...(file.analytics && { analytics: true, analyticsFunnelAccess: funnel ?? 'closed' }),
    ...(file.analyticsMaxEventsPerBatch !== undefined && {
      analyticsMaxEventsPerBatch: file.analyticsMaxEventsPerBatch,
    }),
    ...(relay && { relay }),
    ...(history && { history }),
    ...(walletRegistry && { walletRegistry }),
    ...(images && { images }),
    ...(frame && { frame }),
    ...(metrics !== undefined && { metrics }),
    ...(file.shutdownGraceMs !== undefined && { shutdownGraceMs: file.shutdownGraceMs }),
  }
}
