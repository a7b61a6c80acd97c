import {
  ADDRESS_NAMER_SERVICE,
  type AddressNamer,
  definePlugin,
  NAME_RESOLVER_SERVICE,
  type NameResolver,
} from 'latchkit'
import { receive } from 'latchkit/plugins/receive'
import { send } from 'latchkit/plugins/send'
import { describe, expect, it } from 'vitest'
import { sendSlice } from '../../../plugins/send/slice'
import {
  BOB,
  click,
  connectWallet,
  ethBalance,
  HASH,
  LUSD_CONTRACT,
  lusdBalance,
  makeKernel,
  modal,
  openOn,
  renderWith,
  settle,
  type,
  wait,
} from '../helpers'

const LUSD_KEY = `eip155:31337/${LUSD_CONTRACT}`
const ETH_KEY = 'eip155:31337/native'

/** The Send view's fields, found the way a person finds them: by their labels. */
function form() {
  const view = modal()
  return {
    token: view.getByLabelText('Token') as HTMLSelectElement,
    amount: view.getByLabelText('Amount') as HTMLInputElement,
    receiver: view.getByLabelText('To') as HTMLInputElement,
    max: view.getByRole('button', { name: 'Max' }),
    preview: view.getByRole('button', { name: 'Preview Send' }),
    error: () => view.queryByRole('alert')?.textContent,
  }
}

async function pick(select: HTMLSelectElement, value: string) {
  const { act, fireEvent } = await import('@testing-library/react')
  await act(async () => {
    fireEvent.change(select, { target: { value } })
  })
  await settle(2)
}

async function openSend(options: Parameters<typeof makeKernel>[0] = {}) {
  const made = makeKernel({ ...options, plugins: [send(), ...(options.plugins ?? [])] })
  renderWith(made.kernel)
  await connectWallet(made.kernel, [ethBalance, lusdBalance])
  await openOn(made.kernel, 'Send')
  return made
}

describe('Send view', () => {
  it('is a button on the Account view, next to Receive, in order', async () => {
    const { kernel } = makeKernel({ plugins: [send(), receive()] })
    renderWith(kernel)
    await connectWallet(kernel)
    await openOn(kernel, 'Account')
    const buttons = [
      ...document.querySelector('latchkit-modal')!.shadowRoot!.querySelectorAll('[data-feature]'),
    ]
    expect(buttons.map((b) => b.getAttribute('data-feature'))).toEqual(['receive', 'send'])
    await click(modal().getByRole('button', { name: /Send/ }))
    expect(kernel.getState().modal.history.at(-1)?.view).toBe('Send')
    expect([...form().token.options].map((option) => option.text)).toEqual([
      'Select a token',
      'ETH · 2.000',
      'LUSD · 100.500',
    ])
  })

  it('shows the messages and refuses more than the balance before asking the wallet', async () => {
    const { adapter } = await openSend()
    const f = form()
    await click(f.preview)
    expect(f.error()).toBe('An amount and receiver address are required')
    await type(f.amount, '5')
    await type(f.receiver, BOB)
    await click(f.preview)
    expect(f.error()).toBe('A token is required')
    await pick(f.token, LUSD_KEY)
    await type(f.amount, '100.500001')
    await click(f.preview)
    expect(f.error()).toBe('Insufficient balance')
    await type(f.amount, '1.0000001')
    await click(f.preview)
    expect(f.error()).toBe('Invalid amount')
    expect(adapter.sent).toEqual([])
  })

  it('Max fills the whole token balance, and the native balance less the fee reserve', async () => {
    await openSend()
    const f = form()
    await pick(f.token, LUSD_KEY)
    await click(f.max)
    expect(f.amount.value).toBe('100.5')
    await pick(f.token, ETH_KEY)
    await click(f.max)
    expect(f.amount.value).toBe('1.999958') // 2 ETH less twice 21000 gas at 1 gwei
  })

  it('previews, sends in base units, says so with the hash and resets the form', async () => {
    const { kernel, adapter } = await openSend()
    const f = form()
    await pick(f.token, LUSD_KEY)
    await type(f.amount, '12.5')
    await type(f.receiver, BOB)
    await wait(450) // the fee estimate waits for typing to pause
    expect(modal().getByText('0.000021 ETH')).toBeTruthy()
    await click(f.preview)

    const preview = modal()
    expect(preview.getByText('12.5 LUSD')).toBeTruthy()
    expect(preview.getByText(BOB)).toBeTruthy()
    await click(preview.getByRole('button', { name: 'Send' }))
    await wait(200) // the snackbar swaps messages after 150 ms

    expect(adapter.sent).toEqual([
      { from: expect.any(String), to: BOB, value: 12_500_000n, tokenAddress: LUSD_CONTRACT },
    ])
    expect(kernel.getState().snackbar).toMatchObject({
      variant: 'success',
      message: `Sent ${HASH.slice(0, 8)}...${HASH.slice(-6)}`,
      link: { href: `https://scan.test/tx/${HASH}`, label: 'View on explorer' },
    })
    expect(kernel.getState().modal.history.map((entry) => entry.view)).toEqual(['Account'])
    expect(sendSlice(kernel).get()).toMatchObject({
      token: undefined,
      sendTokenAmount: undefined,
      receiverAddress: undefined,
    })

    // The explorer link of what was just sent waits on the Send view.
    await click(modal().getByRole('button', { name: /Send/ }))
    // (The snackbar carries the same link while it is shown: pick the view's own.)
    const links = modal()
      .getAllByRole('link', { name: 'View on explorer' })
      .filter((link) => link.getAttribute('data-latchkit') !== 'snackbar-link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`https://scan.test/tx/${HASH}`])
    expect(form().amount.value).toBe('')
  })

  it("keeps what was typed when the wallet declines and says 'Transaction declined'", async () => {
    const { kernel, adapter } = await openSend()
    adapter.nextSend = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    const f = form()
    await pick(f.token, LUSD_KEY)
    await type(f.amount, '3')
    await type(f.receiver, BOB)
    await click(f.preview)
    await click(modal().getByRole('button', { name: 'Send' }))

    expect(modal().getByRole('alert').textContent).toBe('Transaction declined')
    await wait(200)
    expect(kernel.getState().snackbar).toMatchObject({ variant: 'error', message: 'Transaction declined' })
    await click(modal().getByRole('button', { name: 'Cancel' }))
    const back = form()
    expect([back.token.value, back.amount.value, back.receiver.value]).toEqual([LUSD_KEY, '3', BOB])
  })

  it('resolves a name through the nameResolver service of another plugin', async () => {
    const names = definePlugin({
      id: 'test-names',
      setup: (ctx) =>
        ctx.services.add(NAME_RESOLVER_SERVICE, (async (name) =>
          name === 'bob.latch' ? BOB : undefined) satisfies NameResolver),
    })
    const { adapter } = await openSend({ plugins: [names] })
    const f = form()
    await pick(f.token, ETH_KEY)
    await type(f.amount, '0.5')
    await type(f.receiver, 'nobody.latch')
    await wait(350)
    expect(modal().getByText('No address found for nobody.latch')).toBeTruthy()
    await type(f.receiver, 'bob.latch')
    expect(modal().getByText('Looking up bob.latch...')).toBeTruthy()
    await wait(350)
    expect(modal().getByText('bob.latch: 0x70...dc79C8')).toBeTruthy()
    expect(form().receiver.value).toBe('bob.latch')

    await click(f.preview)
    expect(modal().getByText('bob.latch')).toBeTruthy()
    await click(modal().getByRole('button', { name: 'Send' }))
    expect(adapter.sent).toEqual([{ from: expect.any(String), to: BOB, value: 5n * 10n ** 17n }])
  })

  it('refuses a name nobody knows by its name, not as a bad address', async () => {
    const names = definePlugin({
      id: 'test-names',
      setup: (ctx) => ctx.services.add(NAME_RESOLVER_SERVICE, (async () => undefined) satisfies NameResolver),
    })
    const { adapter } = await openSend({ plugins: [names] })
    const f = form()
    await pick(f.token, ETH_KEY)
    await type(f.amount, '0.5')
    await type(f.receiver, 'nobody.latch')
    await wait(350)
    await click(f.preview)
    expect(f.error()).toBe('No address found for nobody.latch')
    expect(modal().queryByRole('button', { name: 'Send' })).toBeNull()
    expect(adapter.sent).toEqual([])
  })

  it('names a pasted address through the addressNamer service of another plugin', async () => {
    const asked: string[] = []
    const names = definePlugin({
      id: 'test-names',
      setup: (ctx) =>
        ctx.services.add(ADDRESS_NAMER_SERVICE, (async (address) => {
          asked.push(address)
          return address === BOB ? 'bob.latch' : undefined
        }) satisfies AddressNamer),
    })
    await openSend({ plugins: [names] })
    const f = form()
    await type(f.receiver, BOB)
    expect(modal().getByText('bob.latch: 0x70...dc79C8')).toBeTruthy()
    // The address stays what is sent, as typed.
    expect(form().receiver.value).toBe(BOB)
    await type(f.receiver, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(modal().queryByText(/bob\.latch/)).toBeNull()
    expect(asked).toEqual([BOB, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
  })

  it('says a name is not an address when no plugin resolves names', async () => {
    await openSend()
    const f = form()
    await pick(f.token, ETH_KEY)
    await type(f.amount, '0.5')
    await type(f.receiver, 'bob.latch')
    await click(f.preview)
    expect(f.error()).toBe('Invalid address')
  })
})
