/**
 * What the relay tests share: relay-auth tokens made the way the WalletConnect client makes
 * them (an ed25519 key, its did:key as issuer, EdDSA over the compact JWT), with knobs to
 * make them wrong, and a bare JSON-RPC WebSocket client that records the relay's pushes.
 */
import { randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519.js'
import { expect } from 'vitest'
import { WebSocket } from 'ws'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function encodeBase58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let text = ''
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}

/** A client's relay identity: its key and the did:key the relay knows it by. */
export type ClientKey = { secretKey: Uint8Array; publicKey: Uint8Array; clientId: string }

export function makeClientKey(): ClientKey {
  const secretKey = ed25519.utils.randomSecretKey()
  const publicKey = ed25519.getPublicKey(secretKey)
  return {
    secretKey,
    publicKey,
    clientId: `did:key:z${encodeBase58(Uint8Array.from([0xed, 0x01, ...publicKey]))}`,
  }
}

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * A relay-auth token for `aud`; `overrides` change any claim, `signWith` signs with another key.
 *
 * @example signRelayJwt(key, 'ws://127.0.0.1:8790', { exp: 1 })
 */
export function signRelayJwt(
  key: ClientKey,
  aud: string,
  overrides: Record<string, unknown> = {},
  signWith: Uint8Array = key.secretKey,
): string {
  const now = Math.floor(Date.now() / 1000)
  const header = part({ alg: 'EdDSA', typ: 'JWT' })
  const payload = part({
    iss: key.clientId,
    sub: randomBytes(32).toString('hex'),
    aud,
    iat: now,
    exp: now + 86_400,
    ...overrides,
  })
  const signature = ed25519.sign(new TextEncoder().encode(`${header}.${payload}`), signWith)
  return `${header}.${payload}.${Buffer.from(signature).toString('base64url')}`
}

/** The query the WalletConnect client adds to the relay URL. */
export function relaySocketUrl(relayUrl: string, auth: string, projectId = 'latchkit-tests'): string {
  const url = new URL(relayUrl)
  url.searchParams.set('auth', auth)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('ua', 'wc-2/js-2.21.8/node/latchkit-tests')
  return url.toString()
}

/** The status the relay answered an upgrade with: 101 when the socket opened. */
export function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url)
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0)
      socket.terminate()
    })
    socket.once('open', () => {
      resolve(101)
      socket.close()
    })
    socket.once('error', () => {})
  })
}

export type Push = {
  id: number
  topic: string
  message: string
  publishedAt: number
  tag: number
  attestation?: string
}

/** A bare relay client: requests, answers, and the `irn_subscription` pushes it received. */
export type RawClient = {
  key: ClientKey
  socket: WebSocket
  pushes: Push[]
  /** Every frame from the relay, parsed. */
  frames: Record<string, unknown>[]
  request(
    method: string,
    params?: unknown,
  ): Promise<{ result?: unknown; error?: { code: number; message: string } }>
  /** Sends raw text and waits for the next answer that is not a push. */
  sendRaw(text: string): Promise<Record<string, unknown>>
  close(): Promise<void>
}

/**
 * Opens a socket to the relay with a fresh key (or `key`); acknowledges pushes unless `ack` is false.
 *
 * @example const alice = await connectRaw(relay.url)
 */
export async function connectRaw(
  relayUrl: string,
  options: { key?: ClientKey; ack?: boolean; autoPong?: boolean } = {},
): Promise<RawClient> {
  const key = options.key ?? makeClientKey()
  const socket = new WebSocket(relaySocketUrl(relayUrl, signRelayJwt(key, relayUrl)), {
    autoPong: options.autoPong ?? true,
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const pushes: Push[] = []
  const frames: Record<string, unknown>[] = []
  const waiting = new Map<string, (frame: Record<string, unknown>) => void>()
  const rawWaiters: ((frame: Record<string, unknown>) => void)[] = []
  let nextId = 1
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Record<string, unknown>
    frames.push(frame)
    if (frame.method === 'irn_subscription') {
      const params = frame.params as { data: Omit<Push, 'id'> }
      pushes.push({ id: frame.id as number, ...params.data })
      if (options.ack !== false) socket.send(JSON.stringify({ jsonrpc: '2.0', id: frame.id, result: true }))
      return
    }
    const resolve = waiting.get(String(frame.id))
    if (resolve) {
      waiting.delete(String(frame.id))
      resolve(frame)
      return
    }
    rawWaiters.shift()?.(frame)
  })
  return {
    key,
    socket,
    pushes,
    frames,
    request(method, params) {
      const id = nextId++
      return new Promise((resolve, reject) => {
        if (socket.readyState !== socket.OPEN) return reject(new Error(`${method}: the socket is closed`))
        const onClose = () => reject(new Error(`${method}: the relay closed the socket before answering`))
        socket.once('close', onClose)
        waiting.set(String(id), (frame) => {
          socket.off('close', onClose)
          resolve(frame as never)
        })
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
      })
    },
    sendRaw(text) {
      return new Promise((resolve) => {
        rawWaiters.push(resolve)
        socket.send(text)
      })
    },
    close() {
      return new Promise((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve()
        socket.once('close', () => resolve())
        socket.close()
      })
    },
  }
}

/** A random topic, as the clients make them: 32 bytes in hex. */
export const freshTopic = () => randomBytes(32).toString('hex')

/** Waits until `client` has received a push on `topic` carrying `message`. */
export async function expectPush(client: RawClient, topic: string, message: string): Promise<Push> {
  await expect
    .poll(() => client.pushes.find((push) => push.topic === topic && push.message === message), {
      timeout: 10_000,
      interval: 20,
    })
    .toBeDefined()
  return client.pushes.find((push) => push.topic === topic && push.message === message) as Push
}

/** The client's key-value storage, in memory: nothing left on disk between runs. */
export class MemoryStorage {
  private readonly entries = new Map<string, unknown>()
  async getKeys() {
    return [...this.entries.keys()]
  }
  async getEntries<T>(): Promise<[string, T][]> {
    return [...this.entries.entries()] as [string, T][]
  }
  async getItem<T>(key: string): Promise<T | undefined> {
    return this.entries.get(key) as T | undefined
  }
  async setItem<T>(key: string, value: T) {
    this.entries.set(key, value)
  }
  async removeItem(key: string) {
    this.entries.delete(key)
  }
  /** What the storage holds now, apart from what this one is told later. */
  copy(): MemoryStorage {
    const copy = new MemoryStorage()
    for (const [key, value] of this.entries) copy.entries.set(key, structuredClone(value))
    return copy
  }
}
