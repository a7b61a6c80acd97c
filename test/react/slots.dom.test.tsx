import { act, fireEvent } from '@testing-library/react'
import { definePlugin } from 'latchkit'
import type { AccountTabContribution, ConnectMethodContribution, FeatureContribution } from 'latchkit/react'
import { describe, expect, it } from 'vitest'
import { click, makeKernel, modal, openOn, renderWith, setConnected, settle, shadowRoot } from './fixtures'

/** A plugin that adds one entry to a slot, as feature plugins do. */
const contributes = (
  slot: string,
  item: ConnectMethodContribution | FeatureContribution | AccountTabContribution,
) => definePlugin({ id: `${slot}:${item.id}`, setup: (ctx) => ctx.slots.contribute(slot, item) })

const methodIds = () =>
  [...shadowRoot().querySelectorAll('[data-method]')].map((node) => node.getAttribute('data-method'))
const featureIds = () =>
  [...shadowRoot().querySelectorAll('[data-feature]')].map((node) => node.getAttribute('data-feature'))

const Email = () => <input aria-label="Email" />

describe('connectMethods slot', () => {
  const plugins = [
    contributes('connectMethods', { id: 'social', order: 200, label: 'Social login', view: 'Socials' }),
    contributes('connectMethods', { id: 'email', order: 100, label: 'Email', component: Email }),
  ]

  it('renders contributions by their own order (email 100, social 200, then the wallet list at 300)', async () => {
    const kernel = makeKernel({ plugins })
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    expect(methodIds()).toEqual(['email', 'social', 'wallet'])
    expect(modal().getByRole('textbox', { name: 'Email' })).toBeTruthy()
  })

  it('follows options.order', async () => {
    const kernel = makeKernel({ plugins, order: { connectMethods: ['wallet', 'social'] } })
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    expect(methodIds()).toEqual(['wallet', 'social', 'email'])
  })

  it('a method with a view pushes it', async () => {
    const kernel = makeKernel({ plugins })
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    await click(modal().getByRole('button', { name: 'Social login' }))
    expect(kernel.router.current()?.view).toBe('Socials')
  })

  it('picks up a contribution made while the modal is open', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await openOn(kernel, 'Connect')
    expect(methodIds()).toEqual(['wallet'])
    await act(async () => {
      kernel.slots.contribute('connectMethods', { id: 'email', order: 100, label: 'Email', component: Email })
    })
    expect(methodIds()).toEqual(['email', 'wallet'])
  })
})

describe('features and accountTabs slots', () => {
  const plugins = [
    contributes('features', { id: 'send', order: 400, label: 'Send', view: 'Send' }),
    contributes('features', { id: 'receive', order: 300, label: 'Receive', view: 'Receive' }),
    contributes('features', { id: 'onramp', order: 100, label: 'Buy', view: 'Onramp' }),
    contributes('accountTabs', {
      id: 'activity',
      order: 300,
      label: 'Activity',
      component: () => <p>activity panel</p>,
    }),
    contributes('accountTabs', {
      id: 'tokens',
      order: 100,
      label: 'Tokens',
      component: () => <p>tokens panel</p>,
    }),
  ]

  it('feature buttons follow their declared order (on-ramp, receive, send) and push their view', async () => {
    const kernel = makeKernel({ plugins })
    renderWith(kernel)
    setConnected(kernel)
    await openOn(kernel, 'Account')
    expect(featureIds()).toEqual(['onramp', 'receive', 'send'])
    await click(modal().getByRole('button', { name: 'Send' }))
    expect(kernel.router.current()?.view).toBe('Send')
  })

  it('feature order can be overridden', async () => {
    const kernel = makeKernel({ plugins, order: { features: ['send', 'receive'] } })
    renderWith(kernel)
    setConnected(kernel)
    await openOn(kernel, 'Account')
    expect(featureIds()).toEqual(['send', 'receive', 'onramp'])
  })

  it('tabs render in order; only the selected one renders; account.currentTab selects', async () => {
    const kernel = makeKernel({ plugins })
    renderWith(kernel)
    setConnected(kernel)
    await openOn(kernel, 'Account')
    const tabs = modal().getAllByRole('tab')
    // The core contributes NFTs; the test's own Tokens tab replaces the core one (same id).
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Tokens', 'NFTs', 'Activity'])
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true')
    expect(modal().getByText('tokens panel')).toBeTruthy()
    expect(modal().queryByText('activity panel')).toBeNull()
    await click(tabs[2]!)
    await settle(1)
    expect(kernel.getState().accounts.eip155?.currentTab).toBe(2)
    expect(modal().getByText('activity panel')).toBeTruthy()
    expect(modal().queryByText('tokens panel')).toBeNull()
  })

  it.each([
    ['ltr', 'ArrowRight', 'ArrowLeft'],
    ['rtl', 'ArrowLeft', 'ArrowRight'],
  ] as const)(
    'under %s, %s selects the next tab and %s the previous, wrapping',
    async (direction, next, previous) => {
      const kernel = makeKernel({
        plugins,
        locale: { tag: direction === 'rtl' ? 'ar' : 'en', direction, strings: {} },
      })
      renderWith(kernel)
      setConnected(kernel)
      await openOn(kernel, 'Account')
      const tablist = modal().getByRole('tablist')
      const currentTab = () => kernel.getState().accounts.eip155?.currentTab
      const press = (key: string) =>
        act(async () => {
          fireEvent.keyDown(tablist, { key })
        })
      await press(next)
      expect(currentTab()).toBe(1)
      await press(previous)
      await press(previous)
      expect(currentTab()).toBe(2)
      await press('ArrowDown')
      expect(currentTab()).toBe(2)
    },
  )
})
