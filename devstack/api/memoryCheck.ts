/**
 * Does the local API server keep steady memory under load? Starts a chain and the API
 * server in this process (request log on, at its default size: the most it keeps), warms
 * it up, then sends 300,000 requests (a mix of API reads, RPC gateway calls, 400s and
 * 404s) and prints resident memory and the V8 heap, each after a full garbage collection,
 * before and after. Not part of `npm test`: a person runs it.
 *
 *   node --expose-gc --import tsx devstack/api/memoryCheck.ts [--requests 300000] [--concurrency 32] [--request-log 1000]
 */
import { parseArgs } from 'node:util'
import { startChains } from '../chain.js'
import { startApiServer } from './server.js'

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '300000' },
    concurrency: { type: 'string', default: '32' },
    'request-log': { type: 'string' },
  },
})
const total = Number(values.requests)
const concurrency = Number(values.concurrency)
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc --import tsx devstack/api/memoryCheck.ts')

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
function measure(label: string) {
  gc?.()
  gc?.()
  const { rss, heapUsed } = process.memoryUsage()
  console.log(`${label}: rss ${mb(rss)}, heap used ${mb(heapUsed)}`)
  return { rss, heapUsed }
}

const chains = await startChains({ chainIds: [31337] })
const api = await startApiServer({
  chains: chains.chains,
  ...(values['request-log'] !== undefined && { requestLog: Number(values['request-log']) }),
})
const p = 'projectId=memory'
const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
const calls: (readonly [string, RequestInit?])[] = [
  [`/v1/supported-chains?${p}`],
  [`/getWallets?${p}&page=1&entries=10`],
  [`/getAnalyticsConfig?${p}`],
  [`/v1/account/0x12/balance?${p}`], // 400
  [`/nothing/here?${p}`], // 404
  [`/projects/v1/origins?${p}`],
  [`/v1/fungible/price?${p}`, { method: 'POST', body: '{"currency":"usd","addresses":[]}' }], // 400
  [`/v1/supported-chains?${p}&n=`],
  [
    `/v1/?chainId=eip155:31337&${p}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: rpc },
  ],
  [`/getAnalyticsConfig?${p}&q=${'x'.repeat(200)}`],
]

async function load(count: number): Promise<number> {
  let next = 0
  let failed = 0
  const worker = async () => {
    while (next < count) {
      const [path, init] = calls[next++ % calls.length] as (typeof calls)[number]
      const response = await fetch(`${api.url}${path}`, init)
      await response.arrayBuffer()
      if (response.status >= 500) failed += 1
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return failed
}

try {
  await load(5_000)
  const before = measure(`before ${total.toLocaleString('en-US')} requests (after 5,000 to warm up)`)
  const started = performance.now()
  const failed = await load(total)
  const seconds = (performance.now() - started) / 1000
  const after = measure(`after ${total.toLocaleString('en-US')} requests`)
  console.log(
    `${Math.round(total / seconds)} requests/s over ${seconds.toFixed(0)} s; 5xx: ${failed}; ` +
      `request log holds ${api.faults.requests.length} (size ${api.faults.logSize}); ` +
      `growth: rss ${mb(after.rss - before.rss)}, heap ${mb(after.heapUsed - before.heapUsed)}`,
  )
} finally {
  await api.stop()
  await chains.stop()
}
