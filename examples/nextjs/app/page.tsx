import { ConnectButton } from 'latchkit/react'
import { ConnectionStatus } from './status'

/** A server component: the buttons are client components, rendered on the server too. */
export default function Page() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
      <h1>Latchkit on Next.js</h1>
      <ConnectButton />
      <ConnectionStatus />
    </main>
  )
}
