/**
 * The tables of the EVM history index. Every row carries its chain id, so one database
 * holds every chain. An account's history is read from `accountTransaction` (one row per
 * account a transaction touched, with the operation type as seen by that account), ordered
 * by block and position, then joined to `transaction` and `transfer`.
 */
import { onchainTable, primaryKey } from 'ponder'

/** One mined transaction that touched at least one account. */
export const transaction = onchainTable(
  'transaction',
  (t) => ({
    chainId: t.integer().notNull(),
    hash: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    transactionIndex: t.integer().notNull(),
    /** Seconds since the epoch, from the block. */
    timestamp: t.bigint().notNull(),
    from: t.hex().notNull(),
    /** The called address, or the created contract for a deployment. */
    to: t.hex(),
    /** Set for a deployment: the contract the transaction created. */
    createdContract: t.hex(),
    status: t.text().$type<'confirmed' | 'failed'>().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.hash] }) }),
)

/** Value moved by a transaction: native currency (from call traces), ERC-20 or ERC-721. */
export const transfer = onchainTable(
  'transfer',
  (t) => ({
    chainId: t.integer().notNull(),
    transactionHash: t.hex().notNull(),
    /** Order within the transaction: log index for tokens, call order for native value. */
    position: t.integer().notNull(),
    kind: t.text().$type<'native' | 'fungible' | 'nft'>().notNull(),
    /** The token contract; null for the native currency. */
    contract: t.hex(),
    tokenId: t.bigint(),
    from: t.hex().notNull(),
    to: t.hex().notNull(),
    /** Base units; 1 for an NFT. */
    amount: t.bigint().notNull(),
  }),
  // Hash first: a page's transfers are read by transaction hash.
  (table) => ({
    pk: primaryKey({ columns: [table.transactionHash, table.chainId, table.kind, table.position] }),
  }),
)

/** ERC-20 and ERC-721 approvals, including ApprovalForAll. */
export const approval = onchainTable(
  'approval',
  (t) => ({
    chainId: t.integer().notNull(),
    transactionHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    kind: t.text().$type<'fungible' | 'nft' | 'all'>().notNull(),
    contract: t.hex().notNull(),
    owner: t.hex().notNull(),
    spender: t.hex().notNull(),
    /** ERC-20: the allowance; ERC-721: the token id; ApprovalForAll: 1 granted, 0 revoked. */
    value: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.transactionHash, table.logIndex] }) }),
)

/** Which accounts a transaction touched, and what it was for each of them. */
export const accountTransaction = onchainTable(
  'account_transaction',
  (t) => ({
    chainId: t.integer().notNull(),
    account: t.hex().notNull(),
    transactionHash: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    transactionIndex: t.integer().notNull(),
    operationType: t
      .text()
      .$type<'send' | 'receive' | 'trade' | 'approve' | 'mint' | 'burn' | 'execute' | 'deploy'>()
      .notNull(),
  }),
  // In the order of the history query (one account, newest first, resumed from a cursor),
  // so the key is its index. Block and position identify the transaction on its chain.
  (table) => ({
    pk: primaryKey({ columns: [table.account, table.blockNumber, table.transactionIndex, table.chainId] }),
  }),
)

/** Token facts read once per contract; null where the contract would not say. */
export const token = onchainTable(
  'token',
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    kind: t.text().$type<'fungible' | 'nft'>().notNull(),
    symbol: t.text(),
    name: t.text(),
    decimals: t.integer(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.address] }) }),
)
