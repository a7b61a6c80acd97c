import { LatchError } from 'latchkit'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBus } from '../../src/kernel/bus'
import type { AnalyticsEvent } from './analyticsEvent'
import { beaconQueue, MAX_BATCH } from './beaconQueue'
import { eventsFromBus } from './eventsFromBus'

afterEach(() => {
  vi.useRealTimers()
})

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function emitFunnel(bus: ReturnType<typeof createBus>) {
  bus.emit('modal:open', { view: 'Connect' })
  bus.emit('connect:start', { connectorId: 'io.latch.devwallet', namespace: 'eip155' })
  bus.emit('connect:error', {
    connectorId: 'io.latch.devwallet',
    namespace: 'eip155',
    error: new LatchError('declined', { code: 'USER_REJECTED' }),
  })
  bus.emit('connect:success', {
    connectorId: 'io.latch.devwallet',
    namespace: 'eip155',
    address: ADDRESS,
    caipAddress: `eip155:1:${ADDRESS}`,
  })
  bus.emit('tx:sent', {
    namespace: 'eip155',
    caipNetworkId: 'eip155:1',
    hash: '0x1',
    from: ADDRESS,
    to: '0x2',
    summary: { operation: 'trade', amount: '1.5', symbol: 'ETH' },
  })
  bus.emit('tx:sent', {
    namespace: 'eip155',
    caipNetworkId: 'eip155:1',
    hash: '0x3',
    from: ADDRESS,
    to: '0x2',
  })
  bus.emit('view:change', { view: 'OnrampProgress', action: 'push' })
  bus.emit('siwe:signed-in', { session: { address: ADDRESS, chainId: 1 } })
}

describe('analytics events from the bus', () => {
  it('records the funnel by method, with no address, email or amount', () => {
    const bus = createBus()
    const events: AnalyticsEvent[] = []
    eventsFromBus(bus, { includeAddresses: false, now: () => 42 }, (event) => events.push(event))
    emitFunnel(bus)
    expect(events).toEqual([
      { event: 'modal_open', at: 42 },
      { event: 'connect_start', at: 42, method: 'io.latch.devwallet', namespace: 'eip155' },
      {
        event: 'connect_error',
        at: 42,
        method: 'io.latch.devwallet',
        namespace: 'eip155',
        kind: 'USER_REJECTED',
      },
      { event: 'connect_success', at: 42, method: 'io.latch.devwallet', namespace: 'eip155' },
      { event: 'swap', at: 42, namespace: 'eip155', network: 'eip155:1' },
      { event: 'buy', at: 42, kind: 'checkout' },
      { event: 'sign_in', at: 42 },
    ])
    expect(JSON.stringify(events)).not.toContain(ADDRESS)
  })

  it('adds the address only when the integrator opts in', () => {
    const bus = createBus()
    const events: AnalyticsEvent[] = []
    eventsFromBus(bus, { includeAddresses: true, now: () => 1 }, (event) => events.push(event))
    emitFunnel(bus)
    expect(events.filter((event) => event.address === ADDRESS).map((event) => event.event)).toEqual([
      'connect_success',
      'swap',
      'sign_in',
    ])
  })

  it('stops recording when unsubscribed', () => {
    const bus = createBus()
    const events: AnalyticsEvent[] = []
    const stop = eventsFromBus(bus, { includeAddresses: false, now: () => 1 }, (event) => events.push(event))
    stop()
    emitFunnel(bus)
    expect(events).toEqual([])
  })
})

describe('the beacon queue', () => {
  const event: AnalyticsEvent = { event: 'modal_open', at: 1 }

  it('sends a batch when it is full and what waits on each interval, never an empty one', () => {
    vi.useFakeTimers()
    const sent: { endpoint: string; body: { projectId: string; events: unknown[] } }[] = []
    const queue = beaconQueue({
      endpoint: 'https://collector.example/v1/analytics/events',
      projectId: 'p',
      batchSize: 3,
      flushIntervalMs: 1000,
      send: (endpoint, body) => sent.push({ endpoint, body: JSON.parse(body) }),
    })
    queue.add(event)
    queue.add(event)
    expect(sent).toEqual([])
    queue.add(event)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toEqual({
      endpoint: 'https://collector.example/v1/analytics/events',
      body: { projectId: 'p', events: [event, event, event] },
    })
    queue.add(event)
    vi.advanceTimersByTime(1000)
    expect(sent.map((batch) => batch.body.events.length)).toEqual([3, 1])
    vi.advanceTimersByTime(5000)
    expect(sent).toHaveLength(2)
    queue.stop()
  })

  it(`splits what waits into beacons of at most ${MAX_BATCH} events`, () => {
    const sizes: number[] = []
    const queue = beaconQueue({
      endpoint: 'https://c.example/e',
      projectId: 'p',
      batchSize: 100,
      flushIntervalMs: 60_000,
      send: (_, body) => sizes.push(JSON.parse(body).events.length),
    })
    for (let i = 0; i < 99; i++) queue.add(event)
    queue.stop()
    expect(sizes).toEqual([99])
  })
})
