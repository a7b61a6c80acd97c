import type { Kernel, Network } from 'latchkit'
import { swapApiRequest } from './swapApiRequest'
import { allowanceSchema } from './swapSchemas'

/**
 * How much of `token` (a CAIP-10 id) the swap router may spend for `owner`, in base units,
 * read afresh (an approval may have just landed). The native currency needs no approval
 * and answers the largest amount.
 *
 * @example
 * const allowance = await fetchSwapAllowance(kernel, { network, token: usdc, owner })
 * if (allowance < amount) await approveSwap(kernel)
 */
export async function fetchSwapAllowance(
  kernel: Kernel,
  params: { network: Network; token: string; owner: string },
): Promise<bigint> {
  const answer = await swapApiRequest(kernel, {
    path: 'v1/convert/allowance',
    query: { tokenAddress: params.token, userAddress: params.owner },
    chainId: params.network.caipNetworkId,
    schema: allowanceSchema,
    endpoint: 'GET /v1/convert/allowance',
    cache: 'no-cache',
  })
  return BigInt(answer.allowance)
}
