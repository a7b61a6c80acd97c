/**
 * What every request passes before any route sees it: a URL that is valid percent-encoded
 * UTF-8 without NUL, and a body of at most `maxBodyBytes` that is valid UTF-8, holds no NUL
 * character (raw or escaped) and no unpaired surrogate escape, and nests JSON at most
 * {@link MAX_JSON_DEPTH} deep. The body is counted as it streams in: reading stops at the
 * limit, so an oversized body is never held in memory. What passes is handed on as a
 * buffered body, so the routes (and a mounted sub-app) read it as usual.
 */
import type { MiddlewareHandler } from 'hono'
import { BadRequest, HttpFailure } from './httpErrors.js'

/** 1 MiB: a batch of 100 calls, or a contract deployment's `eth_estimateGas` (48 KiB of init code as hex), fit many times over. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

/** JSON deeper than this is refused: no legitimate request nests more than a handful of levels. */
export const MAX_JSON_DEPTH = 64

/**
 * A body over the limit; answered 413. The rest is never read: the listener
 * (server/http/listen.ts) ends the connection with the answer.
 */
export class PayloadTooLarge extends HttpFailure {
  constructor(limit: number) {
    super(413, `the body is larger than ${limit} bytes`, 'PAYLOAD_TOO_LARGE')
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

/**
 * Refuses, as a {@link BadRequest}, a URL whose path or query is not valid percent-encoded
 * UTF-8 or holds a NUL character.
 *
 * @example checkUrl('http://127.0.0.1/v1/?chainId=%00') // throws
 */
export function checkUrl(url: string): void {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const target = start === -1 ? '' : url.slice(start)
  let decoded: string
  try {
    decoded = decodeURIComponent(target)
  } catch {
    throw new BadRequest('the URL is not valid percent-encoded UTF-8')
  }
  if (decoded.includes('\0')) throw new BadRequest('the URL holds a NUL character')
}

const isHex4 = (text: string, at: number) => /^[0-9a-fA-F]{4}$/.test(text.slice(at, at + 4))

/**
 * Refuses, as a {@link BadRequest}, body text with a NUL character (raw, or as `\u0000`
 * in a JSON string), an escaped UTF-16 surrogate without its pair, or brackets nested
 * deeper than `maxDepth` outside strings. One pass, no recursion: a 5,000-deep body is
 * refused in microseconds, before any parser or serialiser can overflow its stack on it.
 *
 * @example checkBodyText('{"a":[1,2]}') // passes
 */
export function checkBodyText(text: string, maxDepth = MAX_JSON_DEPTH): void {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (ch === 0) throw new BadRequest('the body holds a NUL character')
    if (inString) {
      if (ch === 0x22) inString = false
      else if (ch === 0x5c) {
        if (text.charCodeAt(i + 1) !== 0x75 || !isHex4(text, i + 2)) {
          i += 1 // a one-character escape (or a malformed one, which JSON.parse refuses)
          continue
        }
        const code = Number.parseInt(text.slice(i + 2, i + 6), 16)
        if (code === 0) throw new BadRequest('the body holds a NUL character (\\u0000)')
        if (code >= 0xdc00 && code <= 0xdfff)
          throw new BadRequest('the body holds an unpaired surrogate escape')
        if (code >= 0xd800 && code <= 0xdbff) {
          const low =
            text.charCodeAt(i + 6) === 0x5c && text.charCodeAt(i + 7) === 0x75 && isHex4(text, i + 8)
              ? Number.parseInt(text.slice(i + 8, i + 12), 16)
              : -1
          if (low < 0xdc00 || low > 0xdfff)
            throw new BadRequest('the body holds an unpaired surrogate escape')
          i += 6
        }
        i += 5
      }
    } else if (ch === 0x22) inString = true
    else if (ch === 0x5b || ch === 0x7b) {
      depth += 1
      if (depth > maxDepth) throw new BadRequest(`the body nests deeper than ${maxDepth} levels`)
    } else if (ch === 0x5d || ch === 0x7d) depth -= 1
  }
}

/**
 * Reads a body stream, counting bytes as they arrive, and stops (cancelling the stream)
 * as soon as they pass `limit`.
 */
async function readLimited(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    let step: Awaited<ReturnType<typeof reader.read>>
    try {
      step = await reader.read()
    } catch {
      // The client went away mid-body: nobody reads this answer.
      throw new BadRequest('the body could not be read to its end')
    }
    if (step.done) break
    size += step.value.byteLength
    if (size > limit) {
      reader.cancel().catch(() => {})
      throw new PayloadTooLarge(limit)
    }
    chunks.push(step.value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * The middleware: refuses what {@link checkUrl} and {@link checkBodyText} refuse (400) and
 * bodies over `maxBodyBytes` (413, from the Content-Length header when there is one, else
 * while counting the stream).
 *
 * @example app.use('*', inputGuard(DEFAULT_MAX_BODY_BYTES))
 */
export function inputGuard(maxBodyBytes: number): MiddlewareHandler {
  return async (c, next) => {
    checkUrl(c.req.url)
    const request = c.req.raw
    if (request.body) {
      const declared = request.headers.get('content-length')
      if (declared !== null && Number(declared) > maxBodyBytes) throw new PayloadTooLarge(maxBodyBytes)
      const bytes = await readLimited(request.body, maxBodyBytes)
      let text: string
      try {
        text = utf8.decode(bytes)
      } catch {
        throw new BadRequest('the body is not valid UTF-8')
      }
      checkBodyText(text)
      c.req.raw = new Request(request, { body: bytes })
    }
    await next()
  }
}
