import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { address, lamports } from '@solana/kit'
import { WebSocketServer } from 'ws'
import {
  SOLANA_FIXTURE_SOL,
  SOLANA_LOCAL_GENESIS_HASH,
  type SolanaFixtureAccount,
  type SolanaFixtureMint,
  solanaFixtureAccounts,
  solanaFixtureMints,
} from './fixtures.js'
import { handleJsonRpc } from './jsonRpc.js'
import { createLedger, type Ledger } from './ledger.js'
import { createMethodDispatch } from './methods.js'
import {
  associatedTokenAddress,
  encodeMint,
  encodeTokenAccount,
  MINT_SIZE,
  SYSTEM_PROGRAM,
  TOKEN_ACCOUNT_SIZE,
  TOKEN_PROGRAM,
} from './splToken.js'
import { attachSubscriptions } from './subscriptions.js'

export type StartSolanaRpcOptions = {
  /** Port on 127.0.0.1; default 0, a free one. */
  port?: number
  /**
   * The genesis hash to report; default the fixed SOLANA_LOCAL_GENESIS_HASH. Another one
   * stands for another cluster, e.g. to see an indexer notice that its chain changed.
   */
  genesisHash?: string
}

export type StartedSolanaRpc = {
  /** HTTP JSON-RPC URL, e.g. `http://127.0.0.1:41234`. */
  url: string
  /** WebSocket URL for subscriptions, on the same port. */
  wsUrl: string
  genesisHash: string
  /** The fixture SPL mint every account holds (LUSD, 6 decimals). */
  mint: SolanaFixtureMint
  /** Every seeded mint, by symbol. */
  mints: typeof solanaFixtureMints
  /** Fixture keypairs, each seeded with SOL and every mint. */
  accounts: readonly SolanaFixtureAccount[]
  /** The chain itself, for tests that need to look underneath the RPC. */
  ledger: Ledger
  stop(): Promise<void>
}

/** Largest request body accepted; a transaction is at most 1232 bytes. */
const MAX_BODY_BYTES = 1024 * 1024

async function seed(ledger: Ledger): Promise<void> {
  const { svm } = ledger
  for (const account of solanaFixtureAccounts) {
    svm.setAccount({
      address: address(account.address),
      lamports: lamports(SOLANA_FIXTURE_SOL),
      data: new Uint8Array(),
      programAddress: SYSTEM_PROGRAM,
      executable: false,
      space: 0n,
    })
  }
  const authority = address((solanaFixtureAccounts[0] as SolanaFixtureAccount).address)
  for (const mint of Object.values(solanaFixtureMints)) {
    const mintAddress = address(mint.address)
    svm.setAccount({
      address: mintAddress,
      lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE))),
      data: encodeMint({
        mintAuthority: authority,
        supply: mint.seedBalance * BigInt(solanaFixtureAccounts.length),
        decimals: mint.decimals,
      }),
      programAddress: TOKEN_PROGRAM,
      executable: false,
      space: BigInt(MINT_SIZE),
    })
    for (const account of solanaFixtureAccounts) {
      const owner = address(account.address)
      svm.setAccount({
        address: await associatedTokenAddress(owner, mintAddress),
        lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(TOKEN_ACCOUNT_SIZE))),
        data: encodeTokenAccount({ mint: mintAddress, owner, amount: mint.seedBalance }),
        programAddress: TOKEN_PROGRAM,
        executable: false,
        space: BigInt(TOKEN_ACCOUNT_SIZE),
      })
    }
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'))
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

// The demo page and browser tests call from another port of 127.0.0.1.
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '600',
}

/**
 * Starts a Solana JSON-RPC endpoint (HTTP and WebSocket on one port) over litesvm, seeded
 * with the fixtures of fixtures.ts: four accounts with 100 SOL, 10,000 LUSD (6 decimals)
 * and 500 ZDT (0 decimals) each. Starts in a few milliseconds; every call is a fresh chain.
 *
 * @example
 * const rpc = await startSolanaRpc()
 * const client = createSolanaRpc(rpc.url)
 * await client.getBalance(address(rpc.accounts[0].address)).send()
 * await rpc.stop()
 */
export async function startSolanaRpc(options: StartSolanaRpcOptions = {}): Promise<StartedSolanaRpc> {
  const ledger = createLedger({ genesisHash: options.genesisHash ?? SOLANA_LOCAL_GENESIS_HASH })
  await seed(ledger)
  const dispatch = createMethodDispatch(ledger)

  const onRequest = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, corsHeaders).end()
      return
    }
    if (request.method !== 'POST') {
      response
        .writeHead(405, { ...corsHeaders, 'content-type': 'text/plain' })
        .end('Used HTTP Method is not allowed. POST or OPTIONS is required')
      return
    }
    let body: string
    try {
      body = await readBody(request)
    } catch {
      response.writeHead(413, corsHeaders).end()
      return
    }
    const reply = handleJsonRpc(body, dispatch)
    response.writeHead(200, { ...corsHeaders, 'content-type': 'application/json' }).end(reply ?? '')
  }

  const server = createServer((request, response) => {
    onRequest(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end()
    })
  })
  const sockets = new WebSocketServer({ noServer: true })
  const detach = attachSubscriptions(sockets, ledger)
  server.on('upgrade', (request, socket, head) => {
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request))
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    genesisHash: ledger.genesisHash,
    mint: solanaFixtureMints.LUSD,
    mints: solanaFixtureMints,
    accounts: solanaFixtureAccounts,
    ledger,
    async stop() {
      detach()
      for (const client of sockets.clients) client.terminate()
      await new Promise<void>((resolve) => sockets.close(() => resolve()))
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
}
