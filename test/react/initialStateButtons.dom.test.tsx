import { act, render, screen, waitFor } from '@testing-library/react'
import { type InitialState, restoreInitialState } from 'latchkit'
import { ConnectButton, LatchProvider } from 'latchkit/react'
import { describe, expect, it } from 'vitest'
import { ADDRESS, base, fakeConnector, makeKernel } from './fixtures'

const initialState: InitialState = {
  accounts: { eip155: { address: ADDRESS, caipNetworkId: 'eip155:8453', connectorId: 'test.wallet' } },
}
const shortAddress = '0x12...345678'

describe('the buttons with an initial state, in the browser', () => {
  it('show the account while it reconnects, then the confirmed account with the wallet there', async () => {
    const kernel = makeKernel({ plugins: [restoreInitialState(initialState)] })
    kernel.connectors.register(
      fakeConnector({
        async getAuthorized() {
          return { accounts: [{ address: ADDRESS, type: 'eoa' }], chainId: base.id }
        },
      }),
    )
    render(
      <LatchProvider kernel={kernel}>
        <ConnectButton />
      </LatchProvider>,
    )
    const button = screen.getByRole('button', { name: new RegExp(shortAddress.replace(/\./g, '\\.')) })
    expect(button.getAttribute('data-latchkit')).toBe('account-button')
    expect(screen.queryByText('Connect Wallet')).toBeNull()
    await waitFor(() => expect(kernel.getState().status).toBe('connected'))
    expect(button.getAttribute('aria-busy')).toBeNull()
    expect(screen.getByText(shortAddress)).toBeTruthy()
  })

  it('show Connect once the reconnect finds no wallet', async () => {
    const kernel = makeKernel({ plugins: [restoreInitialState(initialState)] })
    render(
      <LatchProvider kernel={kernel}>
        <ConnectButton />
      </LatchProvider>,
    )
    expect(screen.getByText(shortAddress)).toBeTruthy()
    await act(async () => {
      await new Promise((resolve) => kernel.bus.on('reconnect:end', resolve))
    })
    expect(screen.getByText('Connect Wallet')).toBeTruthy()
    expect(screen.queryByText(shortAddress)).toBeNull()
  })
})
