import { type Address, address as toAddress } from '@solana/kit'
import { formatUnits, type LatchError, type Network, type TokenBalance, ValidationError } from 'latchkit'
import { messages, parseWith } from 'latchkit/internal'
import * as z from 'zod/mini'
import { isSolanaAddress } from '../address'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../instructions'
import type { SolanaRpc } from '../rpc'
import { callRpc } from '../rpcError'
import { getBalance } from './getBalance'

/** What the adapter knows about a mint: SPL mints carry no name or symbol on chain. */
export interface SolanaTokenInfo {
  name: string
  symbol: string
  /** data: or https URL. */
  iconUrl?: string
}

export interface GetTokenBalancesParameters {
  address: string
  network: Network
  /** Names, symbols and icons by mint address. */
  tokens?: Readonly<Record<string, SolanaTokenInfo>>
  commitment?: 'processed' | 'confirmed' | 'finalized'
}
/** SOL first, then one entry per SPL mint held (amounts summed over the owner's accounts). */
export type GetTokenBalancesReturnType = TokenBalance[]
export type GetTokenBalancesErrorType = LatchError

// The RPC's jsonParsed token account, reduced to what a balance needs. RPC answers are
// outside input: parsed, never trusted.
const parsedTokenAccountsSchema = z.array(
  z.object({
    pubkey: z.string(),
    account: z.object({
      data: z.object({
        parsed: z.object({
          info: z.object({
            mint: z.string(),
            tokenAmount: z.object({
              amount: z.string().check(z.regex(/^\d+$/)),
              decimals: z.number().check(z.int(), z.nonnegative()),
            }),
          }),
        }),
      }),
    }),
  }),
)

/**
 * Reads SOL and every SPL token (Token and Token-2022 programs) held by `address`, in
 * the kernel's TokenBalance shape (`quantity.numeric` in whole units). Without a price
 * source, `price` is 0 and `value` absent. Zero-decimal tokens are returned as they are;
 * the kernel drops them as low quality.
 *
 * @example
 * await getTokenBalances(rpc, { address, network: solana, tokens: { [usdcMint]: { name: 'USD Coin', symbol: 'USDC' } } })
 */
export async function getTokenBalances(
  rpc: Pick<SolanaRpc, 'getBalance' | 'getTokenAccountsByOwner'>,
  { address, network, tokens = {}, commitment = 'confirmed' }: GetTokenBalancesParameters,
): Promise<GetTokenBalancesReturnType> {
  if (!isSolanaAddress(address)) {
    throw new ValidationError(messages.VALIDATION_FAILED, {
      code: 'VALIDATION_FAILED',
      details: `Not a Solana address: ${address}`,
    })
  }
  const owner = toAddress(address)
  const readProgram = (programId: Address) =>
    callRpc(() =>
      rpc.getTokenAccountsByOwner(owner, { programId }, { encoding: 'jsonParsed', commitment }).send(),
    ).then(({ value }) => parseWith(parsedTokenAccountsSchema, value, 'getTokenAccountsByOwner'))
  const [native, classic, token2022] = await Promise.all([
    getBalance(rpc, { address, network, commitment }),
    readProgram(TOKEN_PROGRAM),
    readProgram(TOKEN_2022_PROGRAM),
  ])

  const held = new Map<string, { amount: bigint; decimals: number }>()
  for (const { account } of [...classic, ...token2022]) {
    const { mint, tokenAmount } = account.data.parsed.info
    const entry = held.get(mint) ?? { amount: 0n, decimals: tokenAmount.decimals }
    entry.amount += BigInt(tokenAmount.amount)
    held.set(mint, entry)
  }

  const balances: TokenBalance[] = [
    {
      name: network.nativeCurrency.name,
      symbol: native.symbol,
      chainId: network.caipNetworkId,
      price: 0,
      quantity: { decimals: String(network.nativeCurrency.decimals), numeric: native.balance },
    },
  ]
  for (const [mint, { amount, decimals }] of held) {
    if (amount === 0n) continue // an emptied account is not a holding
    const info = tokens[mint]
    balances.push({
      name: info?.name ?? 'Unknown token',
      symbol: info?.symbol ?? mint.slice(0, 4),
      chainId: network.caipNetworkId,
      address: mint,
      price: 0,
      quantity: { decimals: String(decimals), numeric: formatUnits(amount, decimals) },
      ...(info?.iconUrl ? { iconUrl: info.iconUrl } : {}),
    })
  }
  return balances
}
