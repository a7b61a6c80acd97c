// Child process for orphans.test.ts: starts one chain, reports its port on stdout, then
// idles until it is killed, so the test can check what a dying parent leaves behind.
import { startChains } from '../../../devstack/chain.js'

const { chains } = await startChains({ chainIds: [31337] })
process.stdout.write(`${JSON.stringify({ ports: chains.map((chain) => chain.port) })}\n`)
setInterval(() => {}, 60_000)
