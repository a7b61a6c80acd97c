/**
 * Image URLs of the wallet-project API (SPEC §7). Kept apart from the client so the kernel
 * can hand out image URLs synchronously without loading the client.
 */

/** The image kinds the project API serves. */
export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token'

const imagePaths: Record<ImageKind, string> = {
  wallet: 'getWalletImage',
  asset: 'public/getAssetImage',
  currency: 'public/getCurrencyImage',
  token: 'public/getTokenImage',
}

/** What identifies the project on every wallet-project API request. */
export interface ProjectIdentification {
  projectId: string
  sdkType: string
  sdkVersion: string
  clientId?: string
}

/**
 * The URL of an image, with projectId, st, sv (and clientId when set) so an `<img src>`
 * is authorised like any other call.
 *
 * @example
 * projectImageUrl('http://127.0.0.1:8787', 'abc', 'wallet', { projectId: 'demo', sdkType: 'latchkit', sdkVersion: '4' })
 * // 'http://127.0.0.1:8787/getWalletImage/abc?projectId=demo&st=latchkit&sv=4'
 */
export function projectImageUrl(
  baseUrl: string,
  id: string,
  kind: ImageKind,
  { projectId, sdkType, sdkVersion, clientId }: ProjectIdentification,
): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${imagePaths[kind]}/${encodeURIComponent(id)}`)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('st', sdkType)
  url.searchParams.set('sv', sdkVersion)
  if (clientId) url.searchParams.set('clientId', clientId)
  return url.toString()
}
