/**
 * The relay's JSON-RPC surface: the methods a WalletConnect 2 client sends, their params
 * read strictly (a topic is 64 hex digits, a TTL is within bounds, a message fits), and
 * the error codes of JSON-RPC 2.0 for whatever is not right. Reading never throws: a bad
 * request gets an error answer, never a crash.
 */

/** JSON-RPC 2.0 error codes the relay answers with. */
export const rpcErrors = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  limitExceeded: -32005,
} as const

/** The relay's limits; each has a default (see {@link DEFAULT_RELAY_LIMITS}). */
export type RelayLimits = {
  /** The longest `message` (and session payload) accepted, in bytes. */
  maxMessageBytes: number
  /** The largest WebSocket frame read; a larger one closes the socket (1009). */
  maxFrameBytes: number
  /** Topics one socket may be subscribed to at once. */
  maxSubscriptionsPerSocket: number
  /** TTL bounds of a publish, in seconds. */
  minTtlSeconds: number
  maxTtlSeconds: number
  /** Topics (or messages) in one batch call. */
  maxBatchSize: number
  /** Messages one `irn_batchFetchMessages` answer holds; `hasMore` says there are more. */
  maxFetchMessages: number
  /** The longest `attestation` passed through, in bytes. */
  maxAttestationBytes: number
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  maxMessageBytes: 256 * 1024,
  maxFrameBytes: 1024 * 1024,
  maxSubscriptionsPerSocket: 1000,
  // wc_pairingPing and wc_sessionPing live 30 s; nothing in the client asks for less.
  minTtlSeconds: 10,
  maxTtlSeconds: 30 * 24 * 60 * 60,
  // The client subscribes in batches of at most 500.
  maxBatchSize: 500,
  maxFetchMessages: 500,
  maxAttestationBytes: 8 * 1024,
}

/** The id of a JSON-RPC request: echoed back as sent. */
export type RpcId = string | number

export type RpcRequest = { id: RpcId; method: string; params: unknown }
export type RpcResponse = { id: RpcId; result?: unknown; error?: unknown }

/** What one incoming frame is. */
export type IncomingFrame =
  | { kind: 'request'; request: RpcRequest }
  | { kind: 'response'; response: RpcResponse }
  | { kind: 'invalid'; id: RpcId | null; code: number; message: string }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isId = (value: unknown): value is RpcId =>
  (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.length <= 64)

/**
 * Reads one text frame.
 *
 * @example readFrame('{"jsonrpc":"2.0","id":1,"method":"irn_subscribe","params":{"topic":"…"}}')
 */
export function readFrame(text: string): IncomingFrame {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'invalid', id: null, code: rpcErrors.parse, message: 'the frame is not JSON' }
  }
  if (Array.isArray(value))
    return {
      kind: 'invalid',
      id: null,
      code: rpcErrors.invalidRequest,
      message: 'batch requests are not supported: send one request per frame',
    }
  if (!isRecord(value))
    return {
      kind: 'invalid',
      id: null,
      code: rpcErrors.invalidRequest,
      message: 'a request is a JSON object',
    }
  const id = isId(value.id) ? value.id : null
  if (value.jsonrpc !== '2.0')
    return { kind: 'invalid', id, code: rpcErrors.invalidRequest, message: 'jsonrpc must be "2.0"' }
  if (value.method === undefined && id !== null && ('result' in value || 'error' in value))
    return { kind: 'response', response: { id, result: value.result, error: value.error } }
  if (typeof value.method !== 'string' || value.method.length === 0 || value.method.length > 64)
    return { kind: 'invalid', id, code: rpcErrors.invalidRequest, message: 'method must be a short string' }
  if (id === null)
    return {
      kind: 'invalid',
      id: null,
      code: rpcErrors.invalidRequest,
      message: 'every relay request needs an id (a number or a string)',
    }
  return { kind: 'request', request: { id, method: value.method, params: value.params } }
}

/** A params problem: answered with -32602 (or `code`) and this message. */
export class ParamsError extends Error {
  override name = 'ParamsError'
  constructor(
    message: string,
    readonly code: number = rpcErrors.invalidParams,
  ) {
    super(message)
  }
}

const TOPIC = /^[0-9a-fA-F]{64}$/

/** A topic as the relay keys it: 64 hex digits, lower case. */
export function readTopic(value: unknown, field = 'topic'): string {
  if (typeof value !== 'string' || !TOPIC.test(value)) throw new ParamsError(`${field} must be 64 hex digits`)
  return value.toLowerCase()
}

function readParams(params: unknown): Record<string, unknown> {
  if (!isRecord(params)) throw new ParamsError('params must be an object')
  return params
}

function readPayload(value: unknown, field: string, limits: RelayLimits): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new ParamsError(`${field} must be a non-empty string`)
  if (Buffer.byteLength(value) > limits.maxMessageBytes)
    throw new ParamsError(`${field} is larger than ${limits.maxMessageBytes} bytes`)
  return value
}

function readTtl(value: unknown, fallback: number | undefined, limits: RelayLimits): number {
  if (value === undefined && fallback !== undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new ParamsError('ttl must be a whole number of seconds')
  if (value < limits.minTtlSeconds || value > limits.maxTtlSeconds)
    throw new ParamsError(`ttl must be from ${limits.minTtlSeconds} to ${limits.maxTtlSeconds} seconds`)
  return value
}

function readTag(value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffffffff)
    throw new ParamsError('tag must be a whole number from 0 to 4294967295')
  return value
}

function readAttestation(value: unknown, limits: RelayLimits): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') throw new ParamsError('attestation must be a string')
  if (Buffer.byteLength(value) > limits.maxAttestationBytes)
    throw new ParamsError(`attestation is larger than ${limits.maxAttestationBytes} bytes`)
  return value
}

/** One message to store, as a publish asks for it. */
export type Publication = {
  topic: string
  message: string
  ttlSeconds: number
  tag: number
  attestation: string | null
}

/** `irn_publish` params: `{ topic, message, ttl, tag?, prompt?, attestation? }` (others ignored). */
export function readPublish(params: unknown, limits: RelayLimits): Publication {
  const p = readParams(params)
  return {
    topic: readTopic(p.topic),
    message: readPayload(p.message, 'message', limits),
    ttlSeconds: readTtl(p.ttl, undefined, limits),
    tag: readTag(p.tag, 0),
    attestation: readAttestation(p.attestation, limits),
  }
}

function readList(value: unknown, field: string, limits: RelayLimits): unknown[] {
  if (!Array.isArray(value) || value.length === 0) throw new ParamsError(`${field} must be a non-empty array`)
  if (value.length > limits.maxBatchSize)
    throw new ParamsError(`${field} holds more than ${limits.maxBatchSize} entries`, rpcErrors.limitExceeded)
  return value
}

/** `irn_batchPublish` params: `{ messages: [publish params…] }`. */
export function readBatchPublish(params: unknown, limits: RelayLimits): Publication[] {
  return readList(readParams(params).messages, 'messages', limits).map((entry) => readPublish(entry, limits))
}

/** `irn_subscribe` params: `{ topic }`. */
export function readSubscribe(params: unknown): string {
  return readTopic(readParams(params).topic)
}

/** `irn_batchSubscribe` and `irn_batchFetchMessages` params: `{ topics }`. */
export function readTopics(params: unknown, limits: RelayLimits): string[] {
  const topics = readList(readParams(params).topics, 'topics', limits)
  return [...new Set(topics.map((topic, i) => readTopic(topic, `topics[${i}]`)))]
}

/** `irn_unsubscribe` params: `{ topic, id? }`. */
export function readUnsubscribe(params: unknown): string {
  const p = readParams(params)
  if (p.id !== undefined && typeof p.id !== 'string') throw new ParamsError('id must be a string')
  return readTopic(p.topic)
}

/** `irn_batchUnsubscribe` params: `{ subscriptions: [{ topic, id }…] }`. */
export function readBatchUnsubscribe(params: unknown, limits: RelayLimits): string[] {
  return readList(readParams(params).subscriptions, 'subscriptions', limits).map(readUnsubscribe)
}

// Session proposal and settlement: the tags and TTL the Sign protocol gives these messages.
const PROPOSE_TAG = 1100
const PROPOSE_RESPONSE_TAG = 1101
const SETTLE_TAG = 1102
const SESSION_SETUP_TTL_SECONDS = 300

/** `wc_proposeSession` params: the encrypted proposal, to be published on the pairing topic. */
export function readProposeSession(params: unknown, limits: RelayLimits): Publication {
  const p = readParams(params)
  return {
    topic: readTopic(p.pairingTopic, 'pairingTopic'),
    message: readPayload(p.sessionProposal, 'sessionProposal', limits),
    ttlSeconds: readTtl(p.ttl, SESSION_SETUP_TTL_SECONDS, limits),
    tag: readTag(p.tag, PROPOSE_TAG),
    attestation: readAttestation(p.attestation, limits),
  }
}

/**
 * `wc_approveSession` params: the proposal response (for the pairing topic) and the
 * settlement request (for the new session topic, which the approver is subscribed to).
 */
export function readApproveSession(
  params: unknown,
  limits: RelayLimits,
): { sessionTopic: string; response: Publication; settlement: Publication } {
  const p = readParams(params)
  const ttlSeconds = readTtl(p.ttl, SESSION_SETUP_TTL_SECONDS, limits)
  const attestation = readAttestation(p.attestation, limits)
  const sessionTopic = readTopic(p.sessionTopic, 'sessionTopic')
  return {
    sessionTopic,
    response: {
      topic: readTopic(p.pairingTopic, 'pairingTopic'),
      message: readPayload(p.sessionProposalResponse, 'sessionProposalResponse', limits),
      ttlSeconds,
      tag: PROPOSE_RESPONSE_TAG,
      attestation,
    },
    settlement: {
      topic: sessionTopic,
      message: readPayload(p.sessionSettlementRequest, 'sessionSettlementRequest', limits),
      ttlSeconds,
      tag: SETTLE_TAG,
      attestation,
    },
  }
}
