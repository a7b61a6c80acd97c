/**
 * Property-based fuzzing of every parser the widget runs on input from outside the page's
 * own code: EIP-6963 announcements, Wallet Standard wallets, each API answer (through the
 * real HTTP client's JSON reading and the endpoint's schema), each stored key, and what
 * wallets answer (quantities, chain ids, wallet_getAssets). For each: no input throws
 * anything but a named LatchError, and what is accepted meets the parser's rules.
 *
 * `npm test` runs `fuzzRuns()` inputs per parser (1000); a nightly-sized run sets
 * LATCHKIT_FUZZ_RUNS=10000. The sign-in message parser and the servers' HTTP routes are
 * fuzzed beside their own tests (test/server/siwe, test/server/api).
 */
import fc from 'fast-check'
import { createKernel, LatchError } from 'latchkit'
import { MAX_WALLET_NAME_LENGTH, parseAnnouncement, parseChainId } from 'latchkit/adapters/evm'
import { createMemoryBackend, createStorage, safeImageUrl, storageKeys } from 'latchkit/internal'
import { localChain } from 'latchkit/networks'
import { siweSessionKey } from 'latchkit/plugins/siwe'
import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { readQuantity } from '../../adapters/evm/quantity'
import { parseWalletInfo } from '../../adapters/solana/walletInfo'
import { walletAssetsSchema } from '../../src/kernel/api/assetSchemas'
import { getAccountBalance } from '../../src/kernel/api/getAccountBalance'
import { createLogger } from '../../src/kernel/logger'
import { parseWith } from '../../src/kernel/validation'
import { getAccountNfts } from '../../src/react/views/tabs/getAccountNfts'
import { apiOverFetch } from '../support/fakeApi'
import { fuzzRuns } from '../support/fuzzRuns'

const numRuns = fuzzRuns()
// Sized for a nightly run of 10,000 inputs per parser on a loaded 2-core machine.
vi.setConfig({ testTimeout: 300_000 })
const quiet = () => createLogger({ level: 'silent', sink: () => {} })

/** Runs `parse`; true when it accepted, false when it refused with a named LatchError. Anything else fails the property. */
function acceptsOrNames(parse: () => unknown): boolean {
  try {
    parse()
    return true
  } catch (error) {
    expect(error).toBeInstanceOf(LatchError)
    expect((error as LatchError).code).toMatch(/^[A-Z][A-Z0-9_]*$/)
    return false
  }
}

async function acceptsOrNamesAsync(parse: () => Promise<unknown>): Promise<boolean> {
  try {
    await parse()
    return true
  } catch (error) {
    expect(error).toBeInstanceOf(LatchError)
    expect((error as LatchError).code).toMatch(/^[A-Z][A-Z0-9_]*$/)
    return false
  }
}

/** Strings a hostile page or wallet would try, mixed with arbitrary ones. */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    'javascript:alert(1)',
    '<img src=x onerror=alert(1)>',
    'data:text/html,<script>alert(1)</script>',
    'http://example.com/w.png',
    'https://example.com/w.png',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    '__proto__',
    'constructor',
    '\u0000',
    'x'.repeat(300_000),
  ),
)
const anyValue = fc.oneof(fc.anything(), hostileString)

describe('EIP-6963 announcements', () => {
  const detail = fc.record(
    {
      info: fc.oneof(
        fc.record(
          {
            uuid: fc.oneof(fc.uuid(), anyValue),
            name: fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), anyValue),
            icon: fc.oneof(hostileString, anyValue),
            rdns: fc.oneof(
              fc.domain().map((d) => d.split('.').reverse().join('.')),
              anyValue,
            ),
          },
          { requiredKeys: [] },
        ),
        anyValue,
      ),
      provider: fc.oneof(fc.constant({ request: async () => null }), anyValue),
    },
    { requiredKeys: [] },
  )

  it('refuse anything but a well-formed one with a named error; accepted ones have a safe icon and a short name', () => {
    fc.assert(
      fc.property(fc.oneof(detail, anyValue), (input) => {
        if (!acceptsOrNames(() => parseAnnouncement(input))) return
        const { info } = parseAnnouncement(input)
        expect(safeImageUrl(info.icon)).toBe(info.icon)
        expect(info.name.length).toBeLessThanOrEqual(MAX_WALLET_NAME_LENGTH)
      }),
      { numRuns },
    )
  })
})

describe('Wallet Standard wallets', () => {
  const wallet = fc.record(
    {
      version: fc.oneof(fc.constant('1.0.0'), anyValue),
      name: fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), anyValue),
      icon: fc.oneof(hostileString, anyValue),
      chains: fc.oneof(fc.array(fc.oneof(fc.constant('solana:mainnet'), hostileString)), anyValue),
      features: fc.oneof(
        fc.dictionary(
          fc.oneof(fc.constantFrom('standard:connect', 'standard:events', 'solana:signMessage'), fc.string()),
          fc.oneof(fc.constant({ version: '1.0.0' }), anyValue),
        ),
        anyValue,
      ),
      accounts: fc.oneof(fc.constant([]), anyValue),
    },
    { requiredKeys: [] },
  )
  /** A wallet whose getters throw, as a hostile or broken extension's may. */
  const throwing = fc.constantFrom('name', 'icon', 'chains', 'features').map((field) => {
    const base: Record<string, unknown> = { version: '1.0.0', name: 'W', icon: 'data:image/png;base64,AA==' }
    return Object.defineProperty({ ...base, chains: [], features: {}, accounts: [] }, field, {
      get() {
        throw new Error(`${field} is hostile`)
      },
    })
  })

  it('refuse anything but a well-formed one with a named error, getters that throw included', () => {
    fc.assert(
      fc.property(fc.oneof(wallet, throwing), (input) => {
        // biome-ignore lint/suspicious/noExplicitAny: the point is input of any shape
        if (!acceptsOrNames(() => parseWalletInfo(input as any))) return
        // biome-ignore lint/suspicious/noExplicitAny: as above
        const { icon } = parseWalletInfo(input as any)
        expect(safeImageUrl(icon)).toBe(icon)
      }),
      { numRuns },
    )
  })
})

describe('API answers, through the HTTP client and the endpoint schema', () => {
  /** A body as a server could send it: JSON of any shape, near-misses of the real shape, or not JSON at all. */
  const body = fc.oneof(
    fc.json(),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc
      .record({
        balances: fc.array(
          fc.record(
            {
              name: anyValue,
              symbol: anyValue,
              chainId: fc.oneof(fc.constant('eip155:31337'), anyValue),
              address: anyValue,
              value: anyValue,
              price: anyValue,
              quantity: fc.oneof(fc.record({ decimals: anyValue, numeric: anyValue }), anyValue),
              iconUrl: anyValue,
            },
            { requiredKeys: [] },
          ),
        ),
        data: fc.array(anyValue),
      })
      .map((value) => JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? String(v) : v))),
    fc.string(),
  )

  let answer = ''
  const kernel = createKernel({ networks: [localChain(31337, 'http://127.0.0.1:1')], storage: null })
  // A small fake for logic: what arrives over the wire is the point, not the socket.
  const api = apiOverFetch(kernel, async () => new Response(answer, { status: 200 }), {
    logger: quiet(),
    sdkType: 't',
  })
  /** The API, answering `text` to the next request (nothing kept from the last one). */
  function apiAnswering(text: string) {
    answer = text
    api.clearCache()
    return api
  }
  const address = '0x1111111111111111111111111111111111111111'

  it('the account balance: a list of tokens with the fields the views show, or a named error', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const api = apiAnswering(text)
        const read = () => getAccountBalance(api, { address, chainId: 'eip155:31337' })
        if (!(await acceptsOrNamesAsync(read))) return
        for (const token of await read()) {
          expect(typeof token.symbol).toBe('string')
          expect(typeof token.quantity.numeric).toBe('string')
        }
      }),
      { numRuns },
    )
  })

  it('the account NFTs: a list, or a named error', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const api = apiAnswering(text)
        const read = () => getAccountNfts(api, { address, chainId: 'eip155:31337' })
        if (!(await acceptsOrNamesAsync(read))) return
        expect(Array.isArray(await read())).toBe(true)
      }),
      { numRuns },
    )
  })
})

describe('what wallets answer', () => {
  it('wallet_getAssets: parsed to assets, or a named error', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyValue,
          fc.dictionary(
            fc.oneof(fc.constant('0x7a69'), fc.string()),
            fc.array(fc.record({ address: anyValue, balance: anyValue, type: anyValue, metadata: anyValue })),
          ),
        ),
        (input) => {
          acceptsOrNames(() => parseWith(walletAssetsSchema, input, 'wallet_getAssets'))
        },
      ),
      { numRuns },
    )
  })

  it('a hex quantity (eth_getBalance, eth_gasPrice): a bigint, or a named error', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyValue,
          fc.bigInt({ min: 0n }).map((n) => `0x${n.toString(16)}`),
        ),
        (input) => {
          if (acceptsOrNames(() => readQuantity(input, 'eth_getBalance'))) {
            expect(readQuantity(input, 'eth_getBalance')).toBeGreaterThanOrEqual(0n)
          }
        },
      ),
      { numRuns },
    )
  })

  it('a chain id (eth_chainId, chainChanged): a positive safe integer or undefined, never a throw', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyValue,
          fc.integer().map((n) => `0x${n.toString(16)}`),
        ),
        (input) => {
          const id = parseChainId(input)
          if (id !== undefined) {
            expect(Number.isSafeInteger(id)).toBe(true)
            expect(id).toBeGreaterThan(0)
          }
        },
      ),
      { numRuns },
    )
  })
})

describe('stored keys', () => {
  const keys = [...Object.values(storageKeys), siweSessionKey]
  const stored = fc.oneof(
    fc.json(),
    fc.string(),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.constantFrom('{not json', '__proto__', '{"__proto__":{"polluted":true}}', 'null', '"eip155"'),
  )

  it('every key reads back a value its schema accepts, or nothing, and drops what it cannot read', () => {
    fc.assert(
      fc.property(fc.constantFrom(...keys), stored, (key, raw) => {
        const backend = createMemoryBackend()
        backend.setItem(`latchkit:${key.name}`, raw)
        const storage = createStorage({ backend, logger: quiet() })
        const value = storage.get(key as never)
        if (value === undefined) {
          expect(backend.getItem(`latchkit:${key.name}`)).toBeNull()
        } else {
          expect(z.safeParse(key.schema, value).success).toBe(true)
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      }),
      { numRuns },
    )
  })
})
