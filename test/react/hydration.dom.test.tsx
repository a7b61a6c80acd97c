import { act } from '@testing-library/react'
import type { Kernel } from 'latchkit'
import { AccountButton, ConnectButton, LatchProvider, NetworkButton } from 'latchkit/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADDRESS, click, makeKernel, settle, shadowRoot } from './fixtures'

const App = ({ kernel }: { kernel: Kernel }) => (
  <LatchProvider kernel={kernel}>
    <header>
      <NetworkButton />
      <ConnectButton />
      <AccountButton />
    </header>
  </LatchProvider>
)

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

/** Renders on a "server" kernel, then hydrates with a fresh client kernel of the same config. */
async function hydrate(prepare: (kernel: Kernel) => void = () => {}) {
  const serverKernel = makeKernel()
  prepare(serverKernel)
  const html = renderToString(<App kernel={serverKernel} />)
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const errors: unknown[] = []
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args))
  const clientKernel = makeKernel()
  prepare(clientKernel)
  await act(async () => {
    root = hydrateRoot(container, <App kernel={clientKernel} />, {
      onRecoverableError: (error) => errors.push(error),
    })
  })
  await settle()
  consoleError.mockRestore()
  return { html, container, errors, kernel: clientKernel }
}

describe('hydration', () => {
  it('hydrates the server HTML without a mismatch, then mounts the modal host', async () => {
    const { html, container, errors, kernel } = await hydrate()
    expect(errors).toEqual([])
    // Hydration adopted the server's DOM as is (compared after the same parse).
    const parsed = document.createElement('div')
    parsed.innerHTML = html
    expect(container.innerHTML).toBe(parsed.innerHTML)
    expect(document.querySelector('latchkit-modal')).not.toBeNull()
    await click(container.querySelector('[data-latchkit=connect-button]') as HTMLElement)
    expect(kernel.getState().modal.open).toBe(true)
    expect(shadowRoot().querySelector('[role=dialog]')).not.toBeNull()
  })

  it('hydrates a connected account without a mismatch', async () => {
    const connected = (kernel: Kernel) =>
      kernel.store.setState((draft) => {
        Object.assign(draft.accounts.eip155!, {
          status: 'connected',
          address: ADDRESS,
          balance: '3.14159',
          balanceSymbol: 'ETH',
        })
        draft.status = 'connected'
      })
    const { html, errors } = await hydrate(connected)
    expect(html).toContain('3.142 ETH')
    expect(errors).toEqual([])
  })
})
