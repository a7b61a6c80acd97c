/**
 * The Blockchain API client against the real local API server on the shared chains (no
 * fetch mocks): every endpoint's shape, st/sv/projectId as the server logged them, the
 * network gate, malformed answers, the SPEC §9 retry schedule, Retry-After, timeouts,
 * caches and the onramp fallbacks.
 */
import { createKernel } from 'latchkit'
import { localChain } from 'latchkit/networks'
import { encodeFunctionData, erc20Abi, formatUnits } from 'viem'
import { beforeEach, describe, expect, it } from 'vitest'
import { fixtureAccounts, fixtureContracts, fixtureNftIdsOf, fixtureTokens } from '../../devstack/fixtures'
import { PLACEHOLDER_QUOTE_ID } from '../../src/kernel/api/constants'
import { onrampFallbackOptions } from '../../src/kernel/api/onrampFallback'
import { HttpError, type LatchError, TimeoutError, ValidationError } from '../../src/kernel/errors'
import { getDevstack } from '../support/devstack'
import { apiServerForFile, blockchainClient, LOCAL, noSleep, PROJECT_ID, requestsTo, SDK } from './helpers'

const server = apiServerForFile(() => getDevstack().chains)
const holder = fixtureAccounts[0]!.address
const lusd = `${LOCAL}:${fixtureContracts.LUSD}`
const ltk = `${LOCAL}:${fixtureContracts.LTK}`

beforeEach(() => {
  server().faults.clear()
  server().faults.clearLog()
  server().settings.swapRouter = undefined
})

describe('endpoint shapes', () => {
  it('supported chains lists the local chains', async () => {
    const api = blockchainClient(server())
    expect(await api.getSupportedChains()).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
  })

  it('account balance gives native and fixture tokens with quantity, price, value and data: icons', async () => {
    const api = blockchainClient(server())
    const { balances } = await api.getAccountBalance({ address: holder, chainId: LOCAL })
    const bySymbol = Object.fromEntries(balances.map((b) => [b.symbol, b]))
    expect(Object.keys(bySymbol).sort()).toEqual(['ETH', 'LTK', 'LUSD', 'ZDT'])
    expect(bySymbol.LUSD).toMatchObject({
      name: 'Latch USD',
      chainId: LOCAL,
      address: lusd,
      price: 1,
      quantity: { decimals: '6', numeric: formatUnits(fixtureTokens.LUSD.seedBalance, 6) },
    })
    expect(bySymbol.LTK?.value).toBeCloseTo(2.5 * 1000)
    expect(bySymbol.ZDT?.quantity.decimals).toBe('0')
    expect(bySymbol.ETH?.address).toBeUndefined()
    for (const balance of balances) expect(balance.iconUrl).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('fungible price prices known tokens and skips unknown ones', async () => {
    const api = blockchainClient(server())
    const { fungibles } = await api.getTokenPrice({ addresses: [lusd, ltk, `${LOCAL}:0x${'12'.repeat(20)}`] })
    expect(fungibles.map((f) => [f.symbol, f.price])).toEqual([
      ['LUSD', 1],
      ['LTK', 2.5],
    ])
  })

  it('identity is empty while no names exist', async () => {
    const api = blockchainClient(server())
    expect(await api.getIdentity({ address: holder })).toEqual({ name: null, avatar: null })
  })

  it('history lists the holder transactions newest first, with transfers', async () => {
    const api = blockchainClient(server())
    const { data, next } = await api.getTransactions({ account: holder, chainId: LOCAL })
    expect(data.length).toBeGreaterThan(0)
    expect(next === null || typeof next === 'string').toBe(true)
    const times = data.map((tx) => tx.metadata.minedAt)
    expect([...times].sort().reverse()).toEqual(times)
    expect(data.every((tx) => tx.metadata.sentFrom && tx.metadata.status === 'confirmed')).toBe(true)
    const onramp = await api.getTransactions({ account: holder, chainId: LOCAL, onramp: 'coinbase' })
    expect(onramp).toEqual({ data: [], next: null })
  })

  it('convert tokens, quotes and gas price come from the chain and the price table', async () => {
    const api = blockchainClient(server())
    const { tokens } = await api.getConvertTokens({ chainId: LOCAL })
    expect(tokens.map((t) => t.symbol)).toEqual(['ETH', 'LUSD', 'LTK', 'ZDT'])
    const { quotes } = await api.getConvertQuotes({
      amount: '1000000', // 1 LUSD
      userAddress: holder,
      from: lusd,
      to: ltk,
      gasPrice: '1',
    })
    // 1 USD of LUSD buys 0.4 LTK at 2.50.
    expect(formatUnits(BigInt(quotes[0]!.toAmount), 18)).toBe('0.4')
    const gas = await api.getGasPrice({ chainId: LOCAL })
    expect(BigInt(gas.fast)).toBeGreaterThanOrEqual(BigInt(gas.standard))
  })

  it('allowance and approve need a swap router; with one they are read and built on chain', async () => {
    const api = blockchainClient(server())
    const failure = await api
      .getConvertAllowance({ tokenAddress: lusd, userAddress: holder })
      .catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(HttpError)
    expect((failure as HttpError).status).toBe(501)
    expect(requestsTo(server(), '/v1/convert/allowance')).toHaveLength(1) // 501 is not retried

    const router = fixtureAccounts[3]!.address
    server().settings.swapRouter = router
    expect(await api.getConvertAllowance({ tokenAddress: lusd, userAddress: holder })).toEqual({
      allowance: '0',
    })
    const approve = await api.buildConvertApprove({ userAddress: holder, from: lusd, to: ltk, amount: '5' })
    expect(approve?.tx).toMatchObject({
      to: fixtureContracts.LUSD,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, 5n] }),
    })
    const swap = await api.buildConvertTransaction({
      amount: '5',
      from: lusd,
      to: ltk,
      userAddress: `${LOCAL}:${holder}`,
    })
    expect(swap?.tx.to).toBe(router)
    expect(swap?.tx.data.startsWith('0x38ed1739')).toBe(true) // swapExactTokensForTokens
  })

  it('profile: unknown names are 404, reverse is empty, suggestions are offered, register is 501', async () => {
    const api = blockchainClient(server())
    const lookup = await api.getProfileAccount({ name: 'nobody.latch.id' }).catch((e: unknown) => e)
    expect((lookup as HttpError).status).toBe(404)
    expect(await api.getProfileReverse({ address: holder })).toEqual([])
    const { suggestions } = await api.getNameSuggestions({ name: 'alice' })
    expect(suggestions[0]).toEqual({ name: 'alice.latch.id', registered: false })
    const register = await api
      .registerName({ coinType: 60, address: holder, message: '{}', signature: `0x${'1b'.repeat(65)}` })
      .catch((e: unknown) => e)
    expect((register as HttpError).status).toBe(501)
  })

  it('onramp: options, a quote with a 1-2 % fee and a checkout URL', async () => {
    const api = blockchainClient(server())
    const options = await api.getOnrampOptions()
    expect(options.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(options.purchaseCurrencies.map((c) => c.symbol)).toEqual(['ETH', 'LUSD'])
    const quote = await api.getOnrampQuote({
      purchaseCurrency: { id: 'LUSD' },
      paymentCurrency: { id: 'USD' },
      amount: '100',
      network: 'latch-local-31337',
    })
    expect(quote.paymentTotal).toEqual({ amount: '100.00', currency: 'USD' })
    const fee = Number(quote.coinbaseFee?.amount)
    expect(fee).toBeGreaterThanOrEqual(1)
    expect(fee).toBeLessThanOrEqual(2)
    const url = await api.generateOnrampUrl({
      destinationWallets: [{ address: holder }],
      partnerUserId: 'visitor',
    })
    expect(url.startsWith(`${server().url}/onramp/checkout?`)).toBe(true)
  })

  it('sessions: none are granted locally, revoking an unknown one is 404', async () => {
    const api = blockchainClient(server())
    expect(await api.getSessions({ address: holder })).toEqual({ pcis: [] })
    const revoke = await api
      .revokeSession({ address: holder, pci: 'nope', signature: '0x00' })
      .catch((e: unknown) => e)
    expect((revoke as HttpError).status).toBe(404)
  })

  it('NFT holdings list the fixture collection (read through the enumerable ERC-721), cached 30 s', async () => {
    const api = blockchainClient(server())
    const { data } = await api.getAccountNfts({ address: holder, chainId: LOCAL })
    expect(data.map((nft) => nft.tokenId)).toEqual(fixtureNftIdsOf(0).map(String))
    expect(data[0]).toMatchObject({
      name: 'Latch Punks #1',
      contract: `${LOCAL}:${fixtureContracts.LPNK}`,
      collection: { name: 'Latch Punks', symbol: 'LPNK' },
    })
    expect(data[0]?.imageUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    await api.getAccountNfts({ address: holder, chainId: LOCAL })
    expect(requestsTo(server(), '/v1/account')).toHaveLength(1)
    await api.getAccountNfts({ address: holder, chainId: LOCAL, forceUpdate: true })
    expect(requestsTo(server(), '/v1/account')).toHaveLength(2)
  })

  it("a kernel's sent transaction drops the cached account reads, so the next read is fresh", async () => {
    const kernel = createKernel({
      networks: [localChain(31337, 'http://127.0.0.1:1', 'Local')],
      projectId: PROJECT_ID,
      api: { blockchainUrl: server().url },
      logger: { level: 'silent' },
    })
    const api = kernel.api.blockchain!
    const read = () => api.getAccountNfts({ address: holder, chainId: LOCAL })
    await read()
    await read()
    expect(requestsTo(server(), '/v1/account')).toHaveLength(1)
    kernel.bus.emit('tx:sent', { namespace: 'eip155', caipNetworkId: LOCAL, hash: '0x01' })
    await read()
    expect(requestsTo(server(), '/v1/account')).toHaveLength(2)
    kernel.destroy()
  })
})

describe('request identification', () => {
  it('every GET carries st, sv and projectId; POSTs carry projectId', async () => {
    const api = blockchainClient(server())
    server().settings.swapRouter = fixtureAccounts[3]!.address
    await Promise.all([
      api.getSupportedChains(),
      api.getIdentity({ address: holder }),
      api.getTransactions({ account: holder, chainId: LOCAL }),
      api.getConvertTokens({ chainId: LOCAL }),
      api.getConvertQuotes({ amount: '1', userAddress: holder, from: lusd, to: ltk, gasPrice: '1' }),
      api.getConvertAllowance({ tokenAddress: lusd, userAddress: holder }),
      api.getGasPrice({ chainId: LOCAL }),
      api.buildConvertApprove({ userAddress: holder, from: lusd, to: ltk }),
      api.getAccountBalance({ address: holder, chainId: LOCAL }),
      api.getProfileReverse({ address: holder }),
      api.getNameSuggestions({ name: 'alice' }),
      api.getOnrampOptions(),
      api.getSessions({ address: holder }),
      api.getTokenPrice({ addresses: [lusd] }),
      api.getOnrampQuote({
        purchaseCurrency: { id: 'ETH' },
        paymentCurrency: { id: 'USD' },
        amount: '20',
        network: 'x',
      }),
    ])
    const { requests } = server().faults
    const gets = requests.filter((r) => r.method === 'GET')
    expect(gets.length).toBe(13)
    for (const request of gets) {
      expect(request.query).toMatchObject({ projectId: PROJECT_ID, st: SDK.sdkType, sv: SDK.sdkVersion })
    }
    for (const request of requests.filter((r) => r.method === 'POST')) {
      expect(request.query.projectId).toBe(PROJECT_ID)
    }
  })

  it('appends clientId when configured', async () => {
    const api = blockchainClient(server(), { clientId: 'client-7' })
    await api.getSupportedChains()
    expect(server().faults.requests[0]?.query.clientId).toBe('client-7')
  })
})

describe('supported-network gate', () => {
  it('sends nothing for an unsupported network and answers the empty defaults', async () => {
    const api = blockchainClient(server(), { isSupportedNetwork: () => false })
    expect(await api.getAccountBalance({ address: holder, chainId: LOCAL })).toEqual({ balances: [] })
    expect(await api.getIdentity({ address: holder })).toEqual({ name: null, avatar: null })
    expect(await api.getTransactions({ account: holder })).toEqual({ data: [], next: null })
    expect(await api.getTokenPrice({ addresses: [lusd] })).toEqual({ fungibles: [] })
    expect(await api.getConvertTokens({ chainId: LOCAL })).toEqual({ tokens: [] })
    expect(await api.getOnrampOptions()).toEqual({ purchaseCurrencies: [], paymentCurrencies: [] })
    expect(await api.getProfileReverse({ address: holder })).toEqual([])
    expect(await api.getSessions({ address: holder })).toEqual({ pcis: [] })
    await expect(api.getGasPrice({ chainId: LOCAL })).rejects.toMatchObject({
      code: 'GAS_PRICE_NETWORK_UNSUPPORTED',
      shortMessage: 'Network not supported for Gas Price',
    })
    expect(server().faults.requests).toEqual([])
  })

  it('checks the call chain id when given, else the active network', async () => {
    const api = blockchainClient(server(), {
      isSupportedNetwork: (id) => id === 'eip155:31338',
      activeNetwork: () => 'eip155:31338',
    })
    expect(await api.getAccountBalance({ address: holder, chainId: LOCAL })).toEqual({ balances: [] })
    expect(server().faults.requests).toEqual([])
    await api.getIdentity({ address: holder })
    expect(requestsTo(server(), '/v1/identity')).toHaveLength(1)
    expect(requestsTo(server(), '/v1/identity')[0]?.query.chainId).toBe('eip155:31338')
  })
})

describe('malformed answers', () => {
  it('become a ValidationError naming the endpoint, never a partial result', async () => {
    const api = blockchainClient(server())
    server().faults.set({ malformed: true, count: 1 })
    const error = await api.getAccountBalance({ address: holder, chainId: LOCAL }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).details).toContain('GET /v1/account/{address}/balance')
    // Not retried (a schema failure is final) and not cached: the next call asks again.
    expect(requestsTo(server(), '/v1/account')).toHaveLength(1)
    const { balances } = await api.getAccountBalance({ address: holder, chainId: LOCAL })
    expect(balances.length).toBe(4)
  })

  it('onramp options fall back to USD and EUR with the SPEC §9 limits; a failed quote is a placeholder', async () => {
    const api = blockchainClient(server(), { sleep: noSleep })
    server().faults.set({ status: 503, count: 4, path: '/v1/onramp/options' })
    const options = await api.getOnrampOptions()
    expect(options).toEqual(onrampFallbackOptions())
    expect(options.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
      {
        id: 'EUR',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
    ])
    server().faults.set({ malformed: true, count: 1, path: '/v1/onramp/quote' })
    const quote = await api.getOnrampQuote({
      purchaseCurrency: { id: 'ETH' },
      paymentCurrency: { id: 'EUR' },
      amount: '50',
      network: 'x',
    })
    expect(quote).toMatchObject({
      quoteId: PLACEHOLDER_QUOTE_ID,
      paymentTotal: { amount: '50', currency: 'EUR' },
    })
  })
})

describe('retry policy (SPEC §9) against injected faults', () => {
  it('retries a 503 with 150 ms then 300 ms of backoff and succeeds', async () => {
    const api = blockchainClient(server())
    server().faults.set({ status: 503, count: 2 })
    expect((await api.getSupportedChains()).http).toHaveLength(2)
    const calls = requestsTo(server(), '/v1/supported-chains')
    expect(calls.map((c) => c.fault ?? 'ok')).toEqual(['status', 'status', 'ok'])
    const gaps = [calls[1]!.at - calls[0]!.at, calls[2]!.at - calls[1]!.at]
    expect(gaps[0]).toBeGreaterThanOrEqual(145)
    expect(gaps[1]).toBeGreaterThanOrEqual(295)
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!)
  })

  it('gives up after 3 retries (4 calls) with the HTTP error', async () => {
    // The schedule is timed above; here only the count matters.
    const api = blockchainClient(server(), { sleep: noSleep })
    server().faults.set({ status: 429, count: 10 })
    const error = await api.getSupportedChains().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).shortMessage).toBe('HTTP status code: 429')
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(4)
  })

  it('waits as long as Retry-After says instead of the backoff', async () => {
    const api = blockchainClient(server())
    server().faults.set({ status: 429, count: 1, retryAfter: 1 })
    await api.getSupportedChains()
    const calls = requestsTo(server(), '/v1/supported-chains')
    expect(calls).toHaveLength(2)
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(990)
  })

  it('does not retry a 400', async () => {
    const api = blockchainClient(server())
    const error = await api
      .getAccountBalance({ address: 'not-an-address', chainId: LOCAL })
      .catch((e: unknown) => e)
    expect((error as HttpError).status).toBe(400)
    expect(requestsTo(server(), '/v1/account')).toHaveLength(1)
  })

  it('a hanging server ends in the timeout error after every attempt timed out', async () => {
    const api = blockchainClient(server(), { timeoutMs: 150 })
    server().faults.set({ hang: true, count: 4 })
    const started = performance.now()
    const error = await api.getSupportedChains().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as LatchError).code).toBe('TIMEOUT')
    expect(requestsTo(server(), '/v1/supported-chains')).toHaveLength(4)
    // 4 timeouts of 150 ms plus 150 + 300 + 600 ms of backoff.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1600)
  })

  it('a timed-out attempt is retried and the next one answers', async () => {
    const api = blockchainClient(server(), { timeoutMs: 150 })
    server().faults.set({ hang: true, count: 1 })
    expect((await api.getSupportedChains()).http).toHaveLength(2)
    expect(requestsTo(server(), '/v1/supported-chains').map((c) => c.fault ?? 'ok')).toEqual(['hang', 'ok'])
  })
})

describe('caches (SPEC §9)', () => {
  it('serves the portfolio from cache for 30 s; forceUpdate asks again', async () => {
    let now = 1_000_000
    const api = blockchainClient(server(), { now: () => now })
    const first = await api.getAccountBalance({ address: holder, chainId: LOCAL })
    expect(await api.getAccountBalance({ address: holder, chainId: LOCAL })).toEqual(first)
    expect(requestsTo(server(), '/v1/account')).toHaveLength(1)
    now += 29_999
    await api.getAccountBalance({ address: holder, chainId: LOCAL })
    expect(requestsTo(server(), '/v1/account')).toHaveLength(1)
    now += 2
    await api.getAccountBalance({ address: holder, chainId: LOCAL })
    expect(requestsTo(server(), '/v1/account')).toHaveLength(2)
    await api.getAccountBalance({ address: holder, chainId: LOCAL, forceUpdate: true })
    const calls = requestsTo(server(), '/v1/account')
    expect(calls).toHaveLength(3)
    expect(calls[2]?.query.forceUpdate).toBe('true')
  })

  it('serves identities from cache for 5 minutes and shares one request between concurrent callers', async () => {
    let now = 0
    const api = blockchainClient(server(), { now: () => now })
    await Promise.all([api.getIdentity({ address: holder }), api.getIdentity({ address: holder })])
    expect(requestsTo(server(), '/v1/identity')).toHaveLength(1)
    now += 5 * 60_000 - 1
    await api.getIdentity({ address: holder })
    expect(requestsTo(server(), '/v1/identity')).toHaveLength(1)
    now += 1
    await api.getIdentity({ address: holder })
    expect(requestsTo(server(), '/v1/identity')).toHaveLength(2)
  })

  it('caches ENS-style reverse lookups for 5 minutes', async () => {
    let now = 0
    const api = blockchainClient(server(), { now: () => now })
    await api.getProfileReverse({ address: holder })
    await api.getProfileReverse({ address: holder })
    expect(requestsTo(server(), '/v1/profile/reverse')).toHaveLength(1)
    now += 5 * 60_000
    await api.getProfileReverse({ address: holder })
    expect(requestsTo(server(), '/v1/profile/reverse')).toHaveLength(2)
  })
})
