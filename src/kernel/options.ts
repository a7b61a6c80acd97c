import * as z from 'zod/mini'
import { ConfigError } from './errors'
import type { KernelOptions, Plugin, ResolvedOptions } from './kernelTypes'
import { joinPath } from './validation'

const caipNetworkIdPattern = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const isFunction = (value: unknown) => typeof value === 'function'

const networkSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string().check(z.minLength(1)),
  chainNamespace: z.string().check(z.minLength(1)),
  caipNetworkId: z.string().check(z.regex(caipNetworkIdPattern, 'must be a CAIP-2 id such as "eip155:1"')),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number() }),
  rpcUrls: z.object({ default: z.object({ http: z.array(z.string()) }) }),
})

const pluginSchema = z.object({
  id: z.string().check(z.minLength(1)),
  setup: z.custom<Plugin['setup']>(isFunction, 'must be a function'),
})

const adapterSchema = z.object({ namespace: z.string().check(z.minLength(1)) })

const storageBackendSchema = z.object({
  getItem: z.custom(isFunction, 'must be a function'),
  setItem: z.custom(isFunction, 'must be a function'),
  removeItem: z.custom(isFunction, 'must be a function'),
})

export const kernelOptionsSchema = z.object({
  metadata: z.optional(
    z.object({
      name: z.string(),
      description: z.optional(z.string()),
      url: z.optional(z.string()),
      icons: z.optional(z.array(z.string())),
    }),
  ),
  networks: z.array(networkSchema).check(z.minLength(1, 'needs at least one network')),
  defaultNetwork: z.optional(z.string()),
  adapters: z.optional(z.array(adapterSchema)),
  plugins: z.optional(z.array(pluginSchema)),
  api: z.optional(
    z.object({
      blockchainUrl: z.optional(z.url()),
      walletsUrl: z.optional(z.url()),
      clientId: z.optional(z.string()),
      deadlineMs: z.optional(z.int().check(z.positive())),
    }),
  ),
  projectId: z.optional(z.string()),
  theme: z.optional(
    z.object({
      mode: z.optional(z.enum(['light', 'dark', 'system'])),
      variables: z.optional(z.record(z.string(), z.string())),
    }),
  ),
  order: z.optional(z.record(z.string(), z.array(z.string()))),
  storage: z.optional(z.nullable(storageBackendSchema)),
  logger: z.optional(
    z.object({
      level: z.optional(z.enum(['debug', 'info', 'warn', 'error', 'silent'])),
      sink: z.optional(z.custom(isFunction, 'must be a function')),
    }),
  ),
  locale: z.optional(
    z.union([
      z.object({
        tag: z.string(),
        direction: z.enum(['ltr', 'rtl']),
        strings: z.record(z.string(), z.string()),
      }),
      z.record(z.string(), z.string()),
    ]),
  ),
  enableNetworkSwitch: z.optional(z.boolean()),
  allowUnsupportedChain: z.optional(z.boolean()),
  sdkType: z.optional(z.string()),
  sdkVersion: z.optional(z.string()),
})

/** The widget SDK version sent as `sv` with every API request, unless `options.sdkVersion` says otherwise. */
export const DEFAULT_SDK_VERSION = '4'

/**
 * The network to start on when the app names none: Ethereum mainnet when the app lists it,
 * otherwise the first listed network.
 */
const PREFERRED_DEFAULT_NETWORK = 'eip155:1'

/** The error for a bad option: 'Invalid option {where}: {problem}', and what to do in `details`. */
function invalidOption(where: string, problem: string, details: string, data?: unknown): ConfigError {
  return new ConfigError(`Invalid option ${where}: ${problem}`, { code: 'INVALID_OPTIONS', details, data })
}

/**
 * Validates options and fills defaults; a bad option throws a ConfigError that names the
 * option and says what to fix.
 */
export function resolveOptions(options: KernelOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigError('createKernel needs an options object', {
      code: 'INVALID_OPTIONS',
      details: 'createKernel({ networks: [mainnet] })',
    })
  }
  const parsed = kernelOptionsSchema.safeParse(options)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw invalidOption(
      joinPath(issue?.path ?? [], 'options'),
      issue?.message ?? 'invalid value',
      'See the config reference in docs/config.md for the accepted shape.',
      parsed.error.issues,
    )
  }
  const ids = options.networks.map((network) => network.caipNetworkId as string)
  const duplicateNetwork = ids.find((id, index) => ids.indexOf(id) !== index)
  if (duplicateNetwork) {
    throw invalidOption(
      'options.networks',
      `${duplicateNetwork} is listed twice`,
      'Each network may appear once; remove the duplicate.',
    )
  }
  for (const network of options.networks) {
    if (!network.caipNetworkId.startsWith(`${network.chainNamespace}:`)) {
      throw invalidOption(
        'options.networks',
        `${network.caipNetworkId} does not belong to namespace ${network.chainNamespace}`,
        `caipNetworkId must start with its chainNamespace and a colon: "${network.chainNamespace}:".`,
      )
    }
  }
  let defaultNetwork = options.defaultNetwork
  if (defaultNetwork !== undefined && !ids.includes(defaultNetwork)) {
    throw invalidOption(
      'options.defaultNetwork',
      `${defaultNetwork} is not in options.networks`,
      `Add it to networks or pick one of: ${ids.join(', ')}`,
    )
  }
  defaultNetwork ??= ids.includes(PREFERRED_DEFAULT_NETWORK) ? PREFERRED_DEFAULT_NETWORK : (ids[0] as string)

  const adapters = options.adapters ?? []
  const namespaces = adapters.map((adapter) => adapter.namespace)
  const duplicateAdapter = namespaces.find((ns, index) => namespaces.indexOf(ns) !== index)
  if (duplicateAdapter) {
    throw invalidOption(
      'options.adapters',
      `two adapters for namespace ${duplicateAdapter}`,
      'Pass one adapter per chain namespace.',
    )
  }

  return {
    ...options,
    defaultNetwork,
    adapters,
    plugins: options.plugins ?? [],
    api: options.api ?? {},
    theme: { mode: options.theme?.mode ?? 'light', variables: { ...options.theme?.variables } },
    order: options.order ?? {},
    enableNetworkSwitch: options.enableNetworkSwitch ?? true,
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    sdkType: options.sdkType ?? 'latchkit',
    sdkVersion: options.sdkVersion ?? DEFAULT_SDK_VERSION,
  }
}
