import { type Kernel, type Network, ValidationError } from 'latchkit'
import { accountInView, messages } from 'latchkit/internal'
import { swapsMessages } from './messages'
import { swapUnavailability } from './swapAvailability'

/** The connection a swap is made on. */
export interface SwapConnection {
  network: Network
  /** The account's address, as the chain writes it. */
  address: string
}

/**
 * The connected account and its network, when swaps work there; otherwise throws a
 * ValidationError with the code of {@link swapUnavailability} (or NO_ACTIVE_CAIP_ADDRESS
 * without a connection).
 *
 * @example
 * const { network, address } = swapConnection(kernel)
 */
export function swapConnection(kernel: Kernel): SwapConnection {
  const { network, address } = accountInView(kernel)
  if (!network || !address) {
    throw new ValidationError(messages.NO_ACTIVE_CAIP_ADDRESS, { code: 'NO_ACTIVE_CAIP_ADDRESS' })
  }
  const problem = swapUnavailability(kernel)
  if (problem) {
    throw new ValidationError(swapsMessages[problem], { code: problem, details: network.caipNetworkId })
  }
  return { network, address }
}
