import { type ReactElement, useState } from 'react'
import { type Address, erc20Abi, formatUnits, parseUnits } from 'viem'
import {
  useAccount,
  useReadContract,
  useSwitchChain,
  useWaitForTransactionReceipt,
  useWriteContract,
} from 'wagmi'

export interface WagmiCardProps {
  /** An ERC-20 on every chain the app configures (the fixture LTK in the demo). */
  token: { address: Address; symbol: string; decimals: number }
  /** Who the card sends to. */
  recipient: Address
}

/**
 * Plain wagmi hooks, after connecting through Latchkit: the account and chain wagmi sees,
 * a token balance read with useReadContract, a transfer written with useWriteContract and
 * followed to its receipt, and useSwitchChain, which Latchkit's network button follows.
 *
 * @example <WagmiCard token={{ address: ltk, symbol: 'LTK', decimals: 18 }} recipient={bob} />
 */
export function WagmiCard({ token, recipient }: WagmiCardProps): ReactElement {
  const { address, chainId, status } = useAccount()
  const { chains, switchChain, isPending: switching } = useSwitchChain()
  const [amount, setAmount] = useState('1')
  const balance = useReadContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: address ? [address] : undefined,
    query: { enabled: address !== undefined },
  })
  const write = useWriteContract()
  const receipt = useWaitForTransactionReceipt({ hash: write.data })

  // A mined transfer changes the balance: read it again once the receipt is in.
  const minedBlock = receipt.data?.blockNumber
  const [refreshedFor, setRefreshedFor] = useState<bigint>()
  if (minedBlock !== undefined && refreshedFor !== minedBlock) {
    setRefreshedFor(minedBlock)
    void balance.refetch()
  }

  let units: bigint | undefined
  try {
    units = parseUnits(amount, token.decimals)
  } catch {
    units = undefined
  }

  return (
    <section className="card" aria-labelledby="wagmi-heading" data-testid="wagmi-card" data-status={status}>
      <h2 id="wagmi-heading">The same wallet in wagmi</h2>
      {status !== 'connected' ? (
        <p className="muted">wagmi sees no wallet yet. Connect with Latchkit and this card follows.</p>
      ) : (
        <>
          <dl className="facts">
            <dt>wagmi account</dt>
            <dd className="mono" data-testid="wagmi-address">
              {address}
            </dd>
            <dt>wagmi chain</dt>
            <dd data-testid="wagmi-chain">{chainId}</dd>
            <dt>{token.symbol} (useReadContract)</dt>
            <dd data-testid="wagmi-balance">
              {balance.data === undefined
                ? '…'
                : `${formatUnits(balance.data, token.decimals)} ${token.symbol}`}
            </dd>
          </dl>
          <div className="row">
            {chains.map((chain) => (
              <button
                key={chain.id}
                type="button"
                disabled={switching || chain.id === chainId}
                onClick={() => switchChain({ chainId: chain.id })}
              >
                wagmi: switch to {chain.id}
              </button>
            ))}
          </div>
          <form
            className="row"
            onSubmit={(event) => {
              event.preventDefault()
              if (units === undefined) return
              write.writeContract({
                address: token.address,
                abi: erc20Abi,
                functionName: 'transfer',
                args: [recipient, units],
              })
            }}
          >
            <label>
              Amount{' '}
              <input
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                inputMode="decimal"
                aria-label={`${token.symbol} amount to send with wagmi`}
              />
            </label>
            <button type="submit" disabled={units === undefined || write.isPending}>
              Send {token.symbol} with useWriteContract
            </button>
          </form>
          <p data-testid="wagmi-outcome" aria-live="polite">
            {write.isPending && 'Confirm in your wallet…'}
            {write.error && `Not sent: ${write.error.message.split('\n')[0]}`}
            {write.data && !receipt.data && `Sent ${write.data.slice(0, 10)}…, waiting for the block`}
            {receipt.data && `Mined in block ${receipt.data.blockNumber} (${receipt.data.status})`}
          </p>
        </>
      )}
    </section>
  )
}
