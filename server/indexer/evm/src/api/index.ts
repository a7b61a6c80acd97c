/**
 * The indexer's HTTP API, served by Ponder next to its own /health, /ready and /status.
 * `GET /history/:account?chainIds=31337,31338&cursor=&limit=20`: the account's
 * transactions, newest first (block, then position, then chain id), with the transfers
 * that concern the account and the tokens' facts. `createEvmHistorySource` is its client.
 */
import { db } from 'ponder:api'
import { accountTransaction, token, transaction, transfer } from 'ponder:schema'
import { Hono } from 'hono'
import { and, desc, eq, inArray, or, sql } from 'ponder'
import { getAddress, isAddress } from 'viem'
import { decodeHistoryCursor, encodeHistoryCursor } from '../../historyCursor.js'

const app = new Hono()

app.get('/history/:account', async (c) => {
  const raw = c.req.param('account')
  if (!isAddress(raw, { strict: false })) return c.json({ message: 'account: not an EVM address' }, 400)
  // Ponder stores hex lowercase.
  const account = raw.toLowerCase() as `0x${string}`
  const limit = Number(c.req.query('limit') ?? '20')
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return c.json({ message: 'limit: 1 to 100' }, 400)
  const chainIds = (c.req.query('chainIds') ?? '').split(',').filter(Boolean).map(Number)
  if (chainIds.some((id) => !Number.isSafeInteger(id))) return c.json({ message: 'chainIds: numbers' }, 400)
  const cursorText = c.req.query('cursor')
  const after = cursorText ? decodeHistoryCursor(cursorText) : undefined
  if (cursorText && !after) return c.json({ message: 'cursor: not from a previous page' }, 400)

  const rows = await db
    .select()
    .from(accountTransaction)
    .where(
      and(
        eq(accountTransaction.account, account),
        chainIds.length > 0 ? inArray(accountTransaction.chainId, chainIds) : undefined,
        after
          ? sql`(${accountTransaction.blockNumber}, ${accountTransaction.transactionIndex}, ${accountTransaction.chainId}) < (${after.blockNumber}, ${after.transactionIndex}, ${after.chainId})`
          : undefined,
      ),
    )
    .orderBy(
      desc(accountTransaction.blockNumber),
      desc(accountTransaction.transactionIndex),
      desc(accountTransaction.chainId),
    )
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  const next = rows.length > limit && last ? encodeHistoryCursor(last) : null
  if (page.length === 0) return c.json({ transactions: [], next })

  const hashes = page.map((row) => row.transactionHash)
  const [transactions, transfers] = await Promise.all([
    db.select().from(transaction).where(inArray(transaction.hash, hashes)),
    db
      .select()
      .from(transfer)
      .where(
        and(
          inArray(transfer.transactionHash, hashes),
          or(eq(transfer.from, account), eq(transfer.to, account)),
        ),
      ),
  ])
  const contracts = [...new Set(transfers.flatMap((t) => (t.contract ? [t.contract] : [])))]
  const tokens =
    contracts.length > 0 ? await db.select().from(token).where(inArray(token.address, contracts)) : []
  const key = (chainId: number, hash: string) => `${chainId}:${hash.toLowerCase()}`
  const txOf = new Map(transactions.map((tx) => [key(tx.chainId, tx.hash), tx]))
  const tokenOf = new Map(tokens.map((t) => [key(t.chainId, t.address), t]))

  return c.json({
    transactions: page.flatMap((row) => {
      const tx = txOf.get(key(row.chainId, row.transactionHash))
      if (!tx) return []
      return [
        {
          chainId: `eip155:${row.chainId}`,
          hash: tx.hash,
          minedAt: new Date(Number(tx.timestamp) * 1000).toISOString(),
          blockNumber: tx.blockNumber.toString(),
          index: tx.transactionIndex,
          from: getAddress(tx.from),
          to: tx.to ? getAddress(tx.to) : '',
          status: tx.status,
          operationType: row.operationType,
          transfers: transfers
            .filter(
              (t) => t.chainId === row.chainId && t.transactionHash.toLowerCase() === tx.hash.toLowerCase(),
            )
            .sort(
              (a, b) =>
                (a.kind === 'native' ? -1 : 0) - (b.kind === 'native' ? -1 : 0) || a.position - b.position,
            )
            .map((t) => {
              const facts = t.contract ? tokenOf.get(key(t.chainId, t.contract)) : undefined
              const fromMe = t.from.toLowerCase() === account
              const toMe = t.to.toLowerCase() === account
              return {
                kind: t.kind,
                ...(t.contract && { contract: getAddress(t.contract) }),
                ...(t.tokenId !== null && { tokenId: t.tokenId.toString() }),
                from: getAddress(t.from),
                to: getAddress(t.to),
                direction: fromMe && toMe ? 'self' : fromMe ? 'out' : 'in',
                amount: t.amount.toString(),
                ...(t.kind === 'native'
                  ? {}
                  : {
                      ...(facts?.decimals != null && { decimals: facts.decimals }),
                      ...(facts?.symbol != null && { symbol: facts.symbol }),
                      ...(facts?.name != null && { name: facts.name }),
                    }),
              }
            }),
        },
      ]
    }),
    next,
  })
})

export default app
