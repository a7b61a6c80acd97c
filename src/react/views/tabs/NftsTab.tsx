'use client'
import { type ReactElement, useCallback, useEffect, useRef, useState } from 'react'
import {
  safeImageUrl,
  useAccount,
  useKernel,
  useNetwork,
  useRefreshAfterTransactions,
  useT,
  ViewSkeleton,
} from '../kit'
import { getAccountNfts, type Nft } from './getAccountNfts'

type NftState = { status: 'loading' } | { status: 'ready'; items: Nft[] } | { status: 'unavailable' }

/**
 * The NFTs tab: the account's NFTs on the active network as a grid (image and name),
 * read through the Blockchain API (`getAccountNfts`). Without an API
 * there is no way to list them, and the tab says so. Reads on open and after every sent
 * transaction.
 */
export default function NftsTab(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const { address, caipAddress } = useAccount()
  const { caipNetwork } = useNetwork()
  const chainId = caipNetwork?.caipNetworkId
  const [state, setState] = useState<NftState>({ status: 'loading' })
  // Only the newest read may write: an older answer arriving late is dropped.
  const generation = useRef(0)

  const load = useCallback(
    async (forceUpdate: boolean) => {
      const current = ++generation.current
      if (!kernel.api.url('blockchain') || !address || !chainId) {
        setState({ status: 'unavailable' })
        return
      }
      try {
        const data = await getAccountNfts(kernel.api, { address, chainId, forceUpdate })
        if (current === generation.current) setState({ status: 'ready', items: data })
      } catch (error) {
        kernel.logger.warn('NFTs unavailable', error)
        if (current === generation.current) setState({ status: 'unavailable' })
      }
    },
    [kernel, address, chainId],
  )

  useEffect(() => {
    if (!caipAddress) return
    void load(false)
    return () => {
      generation.current++
    }
  }, [load, caipAddress])
  useRefreshAfterTransactions(kernel, () => void load(true))

  if (state.status === 'loading') return <ViewSkeleton />
  if (state.status === 'unavailable' || state.items.length === 0) {
    return (
      <p className="lk-center lk-muted" data-latchkit="nfts-empty">
        {t(state.status === 'unavailable' ? 'nfts.unavailable' : 'nfts.empty')}
      </p>
    )
  }
  return (
    <ul
      className="lk-list"
      aria-label={t('nfts.list')}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 8 }}
    >
      {state.items.map((nft) => {
        const image = safeImageUrl(nft.imageUrl)
        return (
          <li key={`${nft.contract}:${nft.tokenId}`} data-nft={nft.tokenId} style={{ minWidth: 0 }}>
            {image ? (
              <img
                src={image}
                alt={nft.name}
                style={{
                  width: '100%',
                  aspectRatio: '1',
                  borderRadius: 12,
                  display: 'block',
                  objectFit: 'cover',
                }}
              />
            ) : (
              <span
                className="lk-tile"
                style={{ width: '100%', height: 'auto', aspectRatio: '1' }}
                aria-hidden="true"
              />
            )}
            <span
              className="lk-muted"
              style={{
                display: 'block',
                fontSize: 12,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {nft.name}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
