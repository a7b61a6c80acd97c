'use client'
import { type Network, switchNetwork } from 'latchkit'
import { type ReactElement, useState } from 'react'
import { useKernel } from '../context'
import { describeFailure } from '../describeFailure'
import { Icon } from '../icons'
import { useT } from '../useI18n'
import { NetworkIcon } from './NetworkIcon'

/** Networks as rows; the current one is marked, a click switches through the kernel. */
export function NetworkList({
  networks,
  currentId,
  onSwitched,
}: {
  networks: readonly Network[]
  currentId: string | undefined
  onSwitched?: () => void
}): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const [pending, setPending] = useState<string>()

  const choose = async (network: Network) => {
    if (pending) return
    setPending(network.caipNetworkId)
    try {
      await switchNetwork(kernel, { caipNetworkId: network.caipNetworkId })
      onSwitched?.()
    } catch (error) {
      kernel.snackbar.error(describeFailure(error, t('networks.switchFailed'), t))
    } finally {
      setPending(undefined)
    }
  }

  return (
    <ul className="lk-list">
      {networks.map((network) => {
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="lk-row"
              aria-current={network.caipNetworkId === currentId ? 'true' : undefined}
              aria-busy={pending === network.caipNetworkId || undefined}
              data-network={network.caipNetworkId}
              onClick={() => choose(network)}
            >
              <NetworkIcon network={network} />
              <span className="lk-grow">{network.name}</span>
              {network.caipNetworkId === currentId && <Icon name="check" />}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
