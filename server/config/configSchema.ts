/**
 * The config file of `latchkit-server` (`latchkit.config.json`, `.ts` or `.js`), checked
 * with zod before anything starts. Its fields are `startServer`'s (`ServerConfig`), with a
 * written form for what code passes as objects: prices as a table, on-ramp providers by
 * URL, history by the indexes to run (or a running indexer's URL), images and the wallet list from files, and secrets
 * as `{ "env": "NAME" }` so they stay out of the file. A `.ts` or `.js` config may also
 * pass the code objects themselves (a `PriceSource`, an `OnrampProvider`, `HistorySource`s,
 * an `ImageSource`). docs/server-config.md describes every field.
 */
import * as z from 'zod/mini'
import type { ImageSource } from '../api/apiContext.js'
import type { HistorySource } from '../api/historySource.js'
import type { OnrampProvider } from '../api/onrampProvider.js'
import type { PriceSource } from '../api/priceSource.js'
import { isHexAddress } from '../checksumAddress.js'
import { MAX_BODY_BYTES_CEILING } from '../cliArgs.js'
import { SOCIAL_PROVIDERS } from '../embedded-wallet/socialProviders.js'

const isUrlWith = (value: string, protocols: readonly string[]) =>
  URL.canParse(value) && protocols.includes(new URL(value).protocol)

/** `https://host[:port]` (or http), exactly as a browser sends it in `Origin`; a trailing slash is dropped later. */
const isOrigin = (value: string) =>
  isUrlWith(value, ['http:', 'https:']) && /^https?:\/\/[^/?#@]+\/?$/.test(value)

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max))
const whole = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max))
const positive = z.number().check(z.positive())

/** A secret: written out, or `{ "env": "NAME" }` to read it from the environment at start. */
export const secret = z.union(
  [text(4096), z.strictObject({ env: z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/)) })],
  { error: 'expected a string, or { "env": "NAME" } to read it from that environment variable' },
)
export type Secret = z.infer<typeof secret>

const httpUrl = z
  .string()
  .check(z.refine((value) => isUrlWith(value, ['http:', 'https:']), 'expected an http(s) URL'))
/** An http(s) URL, or a secret that holds one (an RPC URL with its key). */
const secretHttpUrl = z.union([httpUrl, z.strictObject({ env: z.string() })], {
  error: 'expected an http(s) URL, or { "env": "NAME" } to read it from that environment variable',
})
const address = z.string().check(z.refine(isHexAddress, 'expected an address: 0x and 40 hex digits'))
const origin = z
  .string()
  .check(z.refine(isOrigin, 'expected an origin, scheme://host[:port], e.g. https://app.example'))
/** A `data:image/...` or https URL, never markup (what the widget accepts as an icon). */
const iconUrl = z.string().check(
  z.maxLength(64 * 1024),
  z.refine(
    (value) => /^data:image\//.test(value) || isUrlWith(value, ['https:']),
    'expected a data:image/ or https URL',
  ),
)
const evmCaip2 = z.string().check(z.regex(/^eip155:[1-9]\d{0,14}$/, 'expected eip155:<chain id>'))
const caip2 = z
  .string()
  .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'expected a CAIP-2 id such as eip155:1'))
const port = whole(0, 65535)

/** An object a `.ts` or `.js` config passes itself, recognised by the methods it must have. */
const codeObject = <T>(methods: readonly string[], what: string) =>
  z.custom<T>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      methods.every((method) => typeof (value as Record<string, unknown>)[method] === 'function'),
    { error: `expected ${what}` },
  )

const chainToken = z.strictObject({
  address,
  name: text(100),
  symbol: text(20),
  decimals: whole(0, 36),
  iconUrl: z.optional(iconUrl),
})

const chain = z.strictObject({
  chainId: whole(1, 2 ** 53 - 1),
  rpcUrl: secretHttpUrl,
  name: z.optional(text(100)),
  nativeCurrency: z.optional(
    z.strictObject({
      name: text(100),
      symbol: text(20),
      decimals: whole(0, 36),
      iconUrl: z.optional(iconUrl),
    }),
  ),
  tokens: z.optional(z.array(chainToken)),
  nftCollections: z.optional(
    z.array(z.strictObject({ address, name: text(100), symbol: text(20), spam: z.optional(z.boolean()) })),
  ),
})

const database = z.union([z.strictObject({ url: secret }), z.strictObject({ dataDir: text(4096) })], {
  error: 'expected { "url": "postgres://…" } or { "dataDir": "<directory>" }',
})

const priceTable = z.record(
  caip2,
  z.strictObject({ native: z.optional(positive), tokens: z.optional(z.record(text(100), positive)) }),
)

const httpProvider = z.strictObject({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, "expected 1 to 40 letters, digits, '-' or '_'")),
  name: text(100),
  feePercent: z.number().check(z.gte(0), z.lt(100)),
  networkFee: z.number().check(z.gte(0)),
  checkoutUrl: httpUrl,
  purchasesUrl: httpUrl,
  purchasesToken: z.optional(secret),
  assets: z.optional(z.array(text(200))),
  timeoutMs: z.optional(whole(100, 60_000)),
})
export type HttpProviderConfig = z.infer<typeof httpProvider>

const funnelAccess = z.union([z.literal('open'), z.literal('closed'), z.strictObject({ token: secret })], {
  error: 'expected "open", "closed" or { "token": … }',
})

const relayLimits = z.strictObject({
  maxMessageBytes: z.optional(whole(1024, 16 * 1024 * 1024)),
  maxFrameBytes: z.optional(whole(1024, 64 * 1024 * 1024)),
  maxSubscriptionsPerSocket: z.optional(whole(1, 1_000_000)),
  minTtlSeconds: z.optional(whole(1, 365 * 24 * 3600)),
  maxTtlSeconds: z.optional(whole(1, 365 * 24 * 3600)),
  maxBatchSize: z.optional(whole(1, 100_000)),
  maxFetchMessages: z.optional(whole(1, 100_000)),
  maxAttestationBytes: z.optional(whole(0, 1024 * 1024)),
})

const relay = z.union(
  [
    z.literal(true),
    z.strictObject({
      publicUrl: z.optional(
        z
          .string()
          .check(z.refine((value) => isUrlWith(value, ['ws:', 'wss:']), 'expected a ws:// or wss:// URL')),
      ),
      path: z.optional(z.string().check(z.regex(/^\/[^?#]*$/, 'expected a path such as /relay'))),
      projectIds: z.optional(z.array(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/)))),
      pingIntervalMs: z.optional(whole(1000, 600_000)),
      purgeIntervalMs: z.optional(whole(1000, 86_400_000)),
      limits: z.optional(relayLimits),
    }),
  ],
  { error: 'expected true, or the relay\'s settings { "publicUrl": …, "projectIds": […] }' },
)

const walletListItem = z.strictObject({
  id: text(200),
  name: text(200),
  image_id: text(200),
  rdns: z.string().check(z.maxLength(200)),
  chains: z.array(caip2),
  mobile_link: z.nullable(z.string()),
  desktop_link: z.nullable(z.string()),
  webapp_link: z.nullable(z.string()),
  badge_type: z.enum(['certified', 'none']),
})
export const walletList = z.array(walletListItem)

const imageFiles = z.record(text(200), text(4096))

const socialProvider = z.strictObject({
  kind: z.enum(['oidc', 'oauth2']),
  issuer: httpUrl,
  authorizationEndpoint: z.optional(httpUrl),
  tokenEndpoint: z.optional(httpUrl),
  userinfoEndpoint: z.optional(httpUrl),
  clientId: text(512),
  clientSecret: secret,
  scopes: z.array(text(256)),
})

const frame = z.strictObject({
  port: z.optional(port),
  host: z.optional(text(255)),
  publicUrl: z.optional(origin),
  projects: z.record(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, "expected a project id: letters, digits, '-' or '_'")),
    z.strictObject({ allowedOrigins: z.array(origin) }),
  ),
  chains: z.optional(z.record(caip2, httpUrl)),
  smtp: z.strictObject({ url: secret, from: text(320) }),
  shareKey: z.optional(secret),
  social: z.optional(z.partialRecord(z.enum(SOCIAL_PROVIDERS), socialProvider)),
  farcaster: z.optional(
    z.strictObject({
      relayUrl: httpUrl,
      rpcUrl: httpUrl,
      domain: z.optional(z.string().check(z.regex(/^[a-z0-9.-]+(:\d{1,5})?$/i))),
    }),
  ),
  limits: z.optional(
    z.strictObject({
      windowSeconds: z.optional(whole(1, 86_400)),
      perEmail: z.optional(whole(1, 1_000_000)),
      perIp: z.optional(whole(1, 1_000_000)),
      perProject: z.optional(whole(1, 100_000_000)),
      deviceWaitMs: z.optional(whole(1000, 120_000)),
    }),
  ),
  clientIpHeader: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'expected a header name such as X-Forwarded-For')),
  ),
  database: z.optional(database),
})

/** The config file, as written (before secrets are read and forms turned into objects). */
export const configFileSchema = z.strictObject({
  /** Ignored: lets an editor find a JSON schema. */
  $schema: z.optional(z.string()),
  port: z.optional(port),
  host: z.optional(text(255)),
  chains: z.array(chain).check(z.minLength(1, 'give at least one chain')),
  solana: z.optional(
    z.strictObject({
      rpcUrl: secretHttpUrl,
      genesisHash: z
        .string()
        .check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'expected the genesis hash, base58')),
      mints: z.array(
        z.strictObject({
          address: z
            .string()
            .check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'expected a mint address, base58')),
          name: text(100),
          symbol: text(20),
          decimals: whole(0, 36),
          iconUrl: z.optional(iconUrl),
        }),
      ),
      nativeIconUrl: z.optional(iconUrl),
    }),
  ),
  allowedOrigins: z.optional(z.array(origin)),
  corsOrigins: z.optional(z.array(origin)),
  maxBodyBytes: z.optional(whole(1024, MAX_BODY_BYTES_CEILING)),
  siweOrigins: z.optional(z.array(origin)),
  siweSessionMaxAgeSeconds: z.optional(whole(60, 365 * 24 * 3600)),
  database: z.optional(database),
  swap: z.optional(
    z.strictObject({ chains: z.record(evmCaip2, z.strictObject({ router: address, weth: address })) }),
  ),
  prices: z.optional(z.union([codeObject<PriceSource>(['usd'], 'a PriceSource'), priceTable])),
  onramp: z.optional(
    z.strictObject({
      providers: z
        .array(
          z.union(
            [codeObject<OnrampProvider>(['checkoutUrl', 'purchases'], 'an OnrampProvider'), httpProvider],
            {
              error:
                'expected a provider { "id", "name", "feePercent", "networkFee", "checkoutUrl", "purchasesUrl" }',
            },
          ),
        )
        .check(z.minLength(1, 'give at least one provider')),
      usdPerEur: z.optional(positive),
    }),
  ),
  names: z.optional(
    z.strictObject({
      ens: z.strictObject({
        chainId: whole(1, 2 ** 53 - 1),
        registry: address,
        publicResolver: address,
        universalResolver: address,
      }),
      zones: z
        .array(
          z
            .string()
            .check(
              z.regex(
                /^(?:[a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/,
                'expected a lower-case DNS name, e.g. names.example',
              ),
            ),
        )
        .check(z.minLength(1, 'give at least one zone to register names under')),
      operatorKey: z.optional(secret),
      pollingIntervalMs: z.optional(whole(10, 60_000)),
    }),
  ),
  analytics: z.optional(z.boolean()),
  analyticsFunnelAccess: z.optional(funnelAccess),
  analyticsMaxEventsPerBatch: z.optional(whole(1, 10_000)),
  relay: z.optional(relay),
  history: z.optional(
    z.union([
      z.strictObject({
        evm: z.optional(
          z.strictObject({
            indexerUrl: z.optional(httpUrl),
            chains: z.optional(
              z.array(whole(1, 2 ** 53 - 1)).check(z.minLength(1, 'give at least one chain id')),
            ),
            database: z.optional(database),
            pollingIntervalMs: z.optional(whole(50, 600_000)),
          }),
        ),
        solana: z.optional(
          z.strictObject({
            database: z.optional(database),
            pollIntervalMs: z.optional(whole(50, 600_000)),
            fromSlot: z.optional(whole(0, 2 ** 53 - 1)),
          }),
        ),
        retry: z.optional(z.strictObject({ firstMs: whole(100, 3_600_000), maxMs: whole(100, 3_600_000) })),
      }),
      z.array(codeObject<HistorySource>(['covers', 'history'], 'a HistorySource')),
    ]),
  ),
  walletRegistry: z.optional(
    z.union([text(4096), walletList], { error: 'expected a JSON file, or the wallets themselves' }),
  ),
  images: z.optional(
    z.union([
      codeObject<ImageSource>(['walletImage', 'publicImage'], 'an ImageSource'),
      z.strictObject({
        wallet: z.optional(imageFiles),
        asset: z.optional(imageFiles),
        currency: z.optional(imageFiles),
        token: z.optional(imageFiles),
      }),
    ]),
  ),
  frame: z.optional(frame),
  metrics: z.optional(
    z.union([z.literal('open'), z.literal('closed'), z.strictObject({ token: secret })], {
      error: 'expected "open", "closed" or { "token": … }',
    }),
  ),
  shutdownGraceMs: z.optional(whole(0, 600_000)),
})

export type ConfigFile = z.infer<typeof configFileSchema>
