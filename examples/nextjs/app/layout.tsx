import { cookieToInitialState } from 'latchkit'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { Providers } from './providers'

export const metadata = { title: 'Latchkit on Next.js' }

/**
 * The root layout, a server component: it reads the visitor's Latchkit cookies from the
 * request, so the server renders a returning visitor's account instead of 'Connect', and
 * hands the same initial state to the browser's kernel, so hydration matches.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const initialState = cookieToInitialState((await headers()).get('cookie'))
  // Read per request (the page is dynamic anyway: it reads cookies), so one build serves
  // any chain. Defaults: a local anvil (`anvil`, chain 31337 on port 8545).
  const chain = {
    id: Number(process.env.LATCHKIT_CHAIN_ID ?? 31337),
    rpcUrl: process.env.LATCHKIT_RPC_URL ?? 'http://127.0.0.1:8545',
  }
  return (
    <html lang="en">
      <body>
        <Providers initialState={initialState} chain={chain}>
          {children}
        </Providers>
      </body>
    </html>
  )
}
