import type { Kernel, RegistryWallet } from 'latchkit'
import { walletsAnswerSchema } from './registrySchema'

export interface FetchWalletsParameters {
  /** 1-based. */
  page: number
  entries: number
  search?: string | undefined
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  chains?: readonly string[] | undefined
  signal?: AbortSignal | undefined
}

export interface FetchWalletsReturnType {
  /** How many wallets match, over every page. */
  count: number
  wallets: RegistryWallet[]
}

/** A list filter as the API takes it: comma-separated, absent when empty. */
const list = (values: readonly string[] | undefined) =>
  values && values.length > 0 ? values.join(',') : undefined

/** Registry answers change rarely: the same page is asked again at most every 5 minutes. */
const REGISTRY_TTL_MS = 5 * 60_000

/**
 * One page of the wallet registry (GET /getWallets on the wallet-project API). Without a
 * configured API it answers an empty page.
 *
 * @example
 * const { count, wallets } = await fetchWallets(kernel, { page: 1, entries: 40, search: 'rain' })
 */
export async function fetchWallets(
  kernel: Kernel,
  params: FetchWalletsParameters,
): Promise<FetchWalletsReturnType> {
  const answer = await kernel.api.request({
    service: 'wallets',
    path: 'getWallets',
    query: {
      page: params.page,
      entries: params.entries,
      search: params.search || undefined,
      include: list(params.include),
      exclude: list(params.exclude),
      chains: list(params.chains),
    },
    schema: walletsAnswerSchema,
    endpoint: 'GET /getWallets',
    empty: () => ({ count: 0, data: [] }),
    cache: { ttlMs: REGISTRY_TTL_MS },
    ...(params.signal && { signal: params.signal }),
  })
  return { count: answer.count, wallets: answer.data }
}

/**
 * The URL of a registry wallet's image (GET /getWalletImage/{id}), or undefined without a
 * wallet-project API or an image id.
 *
 * @example
 * walletImageUrl(kernel, wallet.image_id) // 'https://api.example/getWalletImage/abc?projectId=p1'
 */
export function walletImageUrl(kernel: Kernel, imageId: string | null | undefined): string | undefined {
  const base = kernel.api.url('wallets')
  if (!base || !imageId || !/^[-_a-zA-Z0-9]{1,64}$/.test(imageId)) return undefined
  const projectId = kernel.options.projectId ?? ''
  return `${base.replace(/\/+$/, '')}/getWalletImage/${imageId}?projectId=${encodeURIComponent(projectId)}`
}
