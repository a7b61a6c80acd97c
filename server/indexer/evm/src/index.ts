/**
 * The block handler: for each block, every transaction with its receipt, the value it moved
 * (native from call traces, tokens from logs), its approvals, and one row per account it
 * touched with the operation type as that account sees it.
 */
import { ponder } from 'ponder:registry'
import { accountTransaction, approval, token, transaction, transfer } from 'ponder:schema'
import { type Address, erc20Abi, erc721Abi, getAddress, type Hex, toHex } from 'viem'
import { traceBlock } from '../blockTraces.js'
import { readIndexedChains } from '../indexerEnv.js'
import { type NativeTransfer, nativeTransferFromValue, nativeTransfersFromTrace } from '../nativeTransfers.js'
import { type MovedValue, operationTypeFor } from '../operationType.js'
import { readTokenLog, type TokenApproval, type TokenTransfer } from '../tokenLogs.js'

const rpcUrls = new Map(readIndexedChains(process.env).map((chain) => [chain.chainId, chain.rpcUrl]))

type RawReceipt = {
  transactionHash: Hex
  status: Hex
  contractAddress: Hex | null
  logs: { address: Hex; topics: Hex[]; data: Hex; logIndex: Hex }[]
}

ponder.on('EveryBlock:block', async ({ event, context }) => {
  const chainId = context.chain.id
  const block = await context.client.getBlock({ blockNumber: event.block.number, includeTransactions: true })
  if (block.transactions.length === 0) return

  const receipts = (await context.client.request({
    method: 'eth_getBlockReceipts',
    params: [toHex(event.block.number)],
  } as never)) as RawReceipt[]
  const receiptOf = new Map(receipts.map((r) => [r.transactionHash.toLowerCase(), r]))
  const traces = await traceBlock(rpcUrls.get(chainId)!, event.block.number)

  for (const tx of block.transactions) {
    const receipt = receiptOf.get(tx.hash.toLowerCase())
    if (!receipt) continue
    const succeeded = receipt.status === '0x1'
    const createdContract = receipt.contractAddress ? getAddress(receipt.contractAddress) : null
    const from = getAddress(tx.from)
    const to = tx.to ? getAddress(tx.to) : createdContract

    const trace = traces?.get(tx.hash.toLowerCase())
    const natives: NativeTransfer[] = trace
      ? nativeTransfersFromTrace(trace)
      : nativeTransferFromValue({ from, to: tx.to, value: tx.value }, succeeded, createdContract)
    const tokenTransfers: TokenTransfer[] = []
    const approvals: TokenApproval[] = []
    for (const log of succeeded ? receipt.logs : []) {
      const read = readTokenLog(log)
      if (read?.type === 'transfer') tokenTransfers.push(read.transfer)
      else if (read?.type === 'approval') approvals.push(read.approval)
    }

    await context.db
      .insert(transaction)
      .values({
        chainId,
        hash: tx.hash,
        blockNumber: event.block.number,
        transactionIndex: tx.transactionIndex ?? 0,
        timestamp: event.block.timestamp,
        from,
        to,
        createdContract,
        status: succeeded ? 'confirmed' : 'failed',
      })
      .onConflictDoNothing()

    for (const native of natives) {
      await context.db
        .insert(transfer)
        .values({
          chainId,
          transactionHash: tx.hash,
          position: native.position,
          kind: 'native',
          contract: null,
          tokenId: null,
          from: native.from,
          to: native.to,
          amount: native.amount,
        })
        .onConflictDoNothing()
    }
    for (const moved of tokenTransfers) {
      await rememberToken(context, chainId, moved.contract, moved.kind)
      await context.db
        .insert(transfer)
        .values({
          chainId,
          transactionHash: tx.hash,
          position: moved.logIndex,
          kind: moved.kind,
          contract: moved.contract,
          tokenId: moved.tokenId ?? null,
          from: moved.from,
          to: moved.to,
          amount: moved.amount,
        })
        .onConflictDoNothing()
    }
    for (const granted of approvals) {
      await context.db
        .insert(approval)
        .values({
          chainId,
          transactionHash: tx.hash,
          logIndex: granted.logIndex,
          kind: granted.kind,
          contract: granted.contract,
          owner: granted.owner,
          spender: granted.spender,
          value: granted.value,
        })
        .onConflictDoNothing()
    }

    const moved: MovedValue[] = [
      ...natives.map((n) => ({ kind: 'native' as const, from: n.from, to: n.to })),
      ...tokenTransfers.map((t) => ({ kind: t.kind, from: t.from, to: t.to })),
    ]
    const approvedBy = approvals.map((a) => a.owner)
    const accounts = new Set<Address>([from, ...(to ? [to] : [])])
    for (const m of moved) {
      accounts.add(m.from)
      accounts.add(m.to)
    }
    for (const owner of approvedBy) accounts.add(owner)
    accounts.delete('0x0000000000000000000000000000000000000000')

    for (const account of accounts) {
      await context.db
        .insert(accountTransaction)
        .values({
          chainId,
          account,
          transactionHash: tx.hash,
          blockNumber: event.block.number,
          transactionIndex: tx.transactionIndex ?? 0,
          operationType: operationTypeFor(account, {
            from,
            deployed: tx.to === null,
            succeeded,
            transfers: moved,
            approvedBy,
          }),
        })
        .onConflictDoNothing()
    }
  }
})

type HandlerContext = Parameters<Parameters<typeof ponder.on<'EveryBlock:block'>>[1]>[0]['context']

/**
 * Reads a token's symbol, name and decimals the first time it moves. Each read may fail
 * (a contract that does not implement it, or is not a token at all): that field stays null.
 */
async function rememberToken(
  context: HandlerContext,
  chainId: number,
  address: Address,
  kind: 'fungible' | 'nft',
): Promise<void> {
  if (await context.db.find(token, { chainId, address })) return
  const abi = kind === 'fungible' ? erc20Abi : erc721Abi
  const read = async <T>(functionName: 'symbol' | 'name' | 'decimals'): Promise<T | null> => {
    try {
      return (await context.client.readContract({
        abi,
        address,
        functionName: functionName as never,
        // At the head, not at the block: nodes may keep no state for old blocks (anvil
        // after --load-state), and a token's name and decimals do not change.
        cache: 'immutable',
        retryEmptyResponse: false,
      } as never)) as T
    } catch {
      return null
    }
  }
  const [symbol, name, decimals] = await Promise.all([
    read<string>('symbol'),
    read<string>('name'),
    kind === 'fungible' ? read<number>('decimals') : Promise.resolve(null),
  ])
  await context.db
    .insert(token)
    .values({
      chainId,
      address,
      kind,
      symbol: typeof symbol === 'string' ? symbol.slice(0, 64) : null,
      name: typeof name === 'string' ? name.slice(0, 128) : null,
      decimals: typeof decimals === 'number' && decimals >= 0 && decimals <= 255 ? decimals : null,
    })
    .onConflictDoNothing()
}
