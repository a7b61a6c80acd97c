/** What the frame page is loaded with. */
export interface FrameSourceParameters {
  /** The frame service's base URL, e.g. `https://wallet.example` (a path is kept). */
  frameUrl: string
  projectId: string
  /** The CAIP-2 id of the network the app shows. */
  chainId: string
  /** The widget's SDK version. */
  version: string
  /** Whether the frame sends its log lines (LOG events). */
  enableLogger: boolean
}

/**
 * The frame page's URL and the exact origin every message to and from it must carry.
 *
 * @example
 * frameSource({ frameUrl: 'https://wallet.example/', projectId: 'p1', chainId: 'eip155:1', version: '4', enableLogger: false })
 * // { src: 'https://wallet.example/frame?projectId=p1&chainId=eip155%3A1&version=4&enableLogger=false', origin: 'https://wallet.example' }
 */
export function frameSource(parameters: FrameSourceParameters): { src: string; origin: string } {
  const base = new URL(parameters.frameUrl)
  const url = new URL(`${base.pathname.replace(/\/+$/, '')}/frame`, base)
  url.searchParams.set('projectId', parameters.projectId)
  url.searchParams.set('chainId', parameters.chainId)
  url.searchParams.set('version', parameters.version)
  url.searchParams.set('enableLogger', String(parameters.enableLogger))
  return { src: url.href, origin: base.origin }
}
