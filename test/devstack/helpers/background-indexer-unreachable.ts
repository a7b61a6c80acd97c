// Child process for indexerBackgroundStart.test.ts: starts the EVM indexer in the background
// against the RPC URL given as the argument, and only 15 s later listens to its readiness,
// as `npm run demo` does once it has printed its URL (17 s after start on a busy machine). Prints each retry and the
// reported failure as JSON lines, then idles until it is killed: the test checks it lives.
import { startEvmIndexerInBackground } from '../../../server/indexer/evm/startEvmIndexerInBackground.js'

const rpcUrl = process.argv[2]!
const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`)
const indexer = await startEvmIndexerInBackground({
  chains: [{ chainId: 31337, rpcUrl }],
  onRetry: (error, attempt) => print({ retry: attempt, error: error.message }),
})
setTimeout(() => {
  indexer.ready.then(
    () => print({ ready: true }),
    (error: Error) => print({ failed: error.message }),
  )
}, 15_000)
setInterval(() => {}, 60_000)
