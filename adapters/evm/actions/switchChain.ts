import type { LatchError, Network } from 'latchkit'
import { latchError, toRpcError } from 'latchkit/internal'
import { evmChainIdOf, readChainId } from '../chainId'
import { numberToHex } from '../hex'
import { type Eip1193Provider, providerErrorCodes, request } from '../provider'

export interface SwitchChainParameters {
  network: Network
}
/** The chain id the wallet is on afterwards. */
export type SwitchChainReturnType = number
/**
 * UserRejectedRequestError (4001) and the other mapped provider errors; 'Chain mismatch'
 * when the wallet added the chain but did not move to it; 'Unsupported chain' for a
 * network that is not eip155.
 */
export type SwitchChainErrorType = LatchError

/** EIP-1193 code for "this wallet does not know the chain". */
const UNRECOGNIZED_CHAIN = 4902

/**
 * Moves a wallet to `network` (EIP-3326 `wallet_switchEthereumChain`). A wallet that does
 * not know the chain answers 4902; it is then offered the chain (EIP-3085
 * `wallet_addEthereumChain`) with the network's RPC URLs, currency and explorer, asked to
 * switch again, and its chain id read back.
 *
 * @example
 * await switchChain(provider, { network: base }) // 8453
 */
export async function switchChain(
  provider: Eip1193Provider,
  { network }: SwitchChainParameters,
): Promise<SwitchChainReturnType> {
  const target = evmChainIdOf(network)
  const chainId = numberToHex(target)
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    return target
  } catch (error) {
    // Some wallets (MetaMask mobile) wrap 4902 in an internal error's data.originalError.
    if (!providerErrorCodes(error).includes(UNRECOGNIZED_CHAIN)) throw toRpcError(error)
  }
  await request(provider, {
    method: 'wallet_addEthereumChain',
    params: [addChainParameters(network, chainId)],
  })
  // Many wallets switch as part of the add, then this second switch is a silent no-op.
  await request(provider, { method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  const current = await readChainId(provider)
  if (current !== target) {
    throw latchError('CHAIN_MISMATCH', {}, { details: `The wallet is on chain ${current}, not ${target}` })
  }
  return current
}

/** EIP-3085 parameters for a network. */
function addChainParameters(network: Network, chainId: `0x${string}`) {
  const explorer = network.blockExplorers?.default.url
  return {
    chainId,
    chainName: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: [...network.rpcUrls.default.http],
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
    ...(network.imageUrl?.startsWith('https://') ? { iconUrls: [network.imageUrl] } : {}),
  }
}
