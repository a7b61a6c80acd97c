'use client'
import type { Network } from 'latchkit'
import type { ReactElement } from 'react'
import { safeImageUrl } from '../format'

/**
 * A network's icon: its `imageUrl` when that is a safe image URL, else a tile generated
 * from the network itself (its initial on a colour taken from its CAIP-2 id), so every
 * network has a recognisable mark and two networks rarely share one.
 *
 * @example
 * <NetworkIcon network={caipNetwork} />
 */
export function NetworkIcon({ network }: { network: Network | undefined }): ReactElement {
  const src = safeImageUrl(network?.imageUrl)
  if (src) return <img src={src} alt="" width={32} height={32} />
  return (
    <span
      className="lk-tile"
      aria-hidden="true"
      data-latchkit="network-icon-generated"
      style={
        network ? { background: `hsl(${hueOf(network.caipNetworkId)} 55% 45%)`, color: '#fff' } : undefined
      }
    >
      {network?.name.trim().slice(0, 1).toUpperCase()}
    </span>
  )
}

/** A stable hue (0-359) for a string: the same network always gets the same colour. */
function hueOf(text: string): number {
  let hash = 0
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) >>> 0
  return hash % 360
}
