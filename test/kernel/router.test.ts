import { describe, expect, it, vi } from 'vitest'
import { testKernel } from './helpers'

describe('views and router', () => {
  it('pushes, replaces, resets and goes back; back from the first view closes', () => {
    const kernel = testKernel()
    const closed = vi.fn()
    kernel.bus.on('modal:close', closed)
    kernel.open({ view: 'Connect' })
    kernel.router.push('Networks')
    kernel.router.push('ConnectingExternal', { connectorId: 'x' })
    expect(kernel.getState().modal.history.map((e) => e.view)).toEqual([
      'Connect',
      'Networks',
      'ConnectingExternal',
    ])
    expect(kernel.router.current()?.params).toEqual({ connectorId: 'x' })
    kernel.router.replace('Account')
    expect(kernel.getState().modal.history.map((e) => e.view)).toEqual(['Connect', 'Networks', 'Account'])
    kernel.router.goBack()
    kernel.router.goBack()
    expect(kernel.router.current()?.view).toBe('Connect')
    kernel.router.goBack()
    expect(kernel.getState().modal.open).toBe(false)
    expect(closed).toHaveBeenCalledWith({ view: 'Connect' })
    kernel.open()
    kernel.router.reset('Account')
    expect(kernel.getState().modal.history).toEqual([{ view: 'Account' }])
  })

  it('opens on Connect when disconnected', () => {
    const kernel = testKernel()
    kernel.open()
    expect(kernel.router.current()?.view).toBe('Connect')
  })

  it('a close guard blocks closing, including back from the first view, until removed', () => {
    const kernel = testKernel()
    kernel.open()
    const remove = kernel.router.addCloseGuard(() => 'sign-in required')
    expect(kernel.close()).toBe(false)
    kernel.router.goBack()
    expect(kernel.getState().modal.open).toBe(true)
    expect(kernel.router.closeBlockers()).toEqual(['sign-in required'])
    remove()
    expect(kernel.close()).toBe(true)
    expect(kernel.getState().modal.open).toBe(false)
  })

  it('registers views by open string id and rejects a malformed one', () => {
    const kernel = testKernel()
    const remove = kernel.views.register({ id: 'AnyPluginView', load: async () => ({}) })
    expect(kernel.views.has('AnyPluginView')).toBe(true)
    remove()
    expect(kernel.views.has('AnyPluginView')).toBe(false)
    // @ts-expect-error a view without a loader
    expect(() => kernel.views.register({ id: 'Broken' })).toThrow(/needs a string `id` and a `load` function/)
  })
})

describe('slots', () => {
  it('orders contributions by their own order, whatever the registration order', () => {
    const kernel = testKernel()
    const items = { a: 400, b: 300, c: 100, d: 200 }
    for (const [id, order] of Object.entries(items)) kernel.slots.contribute('test:items', { id, order })
    kernel.slots.contribute('test:items', { id: 'late' })
    kernel.slots.contribute('test:items', { id: 'later' })
    // Without an order a contribution follows those with one, in the order it came.
    expect(kernel.slots.list('test:items').map((i) => i.id)).toEqual(['c', 'd', 'b', 'a', 'late', 'later'])
  })

  it('lets kernel options put ids first, in their order; the rest follow by their own order', () => {
    const kernel = testKernel({ order: { 'test:items': ['send', 'receive'] } })
    const items = { onramp: 100, send: 400, receive: 300, swaps: 200 }
    for (const [id, order] of Object.entries(items)) kernel.slots.contribute('test:items', { id, order })
    expect(kernel.slots.list('test:items').map((i) => i.id)).toEqual(['send', 'receive', 'onramp', 'swaps'])
  })

  it('keeps one contribution per id: a second one with the same id replaces the first', () => {
    const kernel = testKernel()
    kernel.slots.contribute('test:items', { id: 'a', order: 1 })
    kernel.slots.contribute('test:items', { id: 'a', order: 5 })
    kernel.slots.contribute('test:items', { id: 'b', order: 3 })
    expect(kernel.slots.list('test:items')).toEqual([
      { id: 'b', order: 3 },
      { id: 'a', order: 5 },
    ])
  })

  it('tells subscribers when a contribution comes or goes, and keeps list identity otherwise', () => {
    const kernel = testKernel()
    const listener = vi.fn()
    kernel.slots.subscribe(listener)
    const remove = kernel.slots.contribute('test:items', { id: 'nfts' })
    const first = kernel.slots.list('test:items')
    expect(kernel.slots.list('test:items')).toBe(first)
    remove()
    expect(listener).toHaveBeenCalledTimes(2)
    expect(kernel.slots.list('test:items')).toEqual([])
  })
})

describe('bus', () => {
  it('a throwing handler does not stop the others and is logged', () => {
    const lines: string[] = []
    const kernel = testKernel({ logger: { level: 'error', sink: (line) => lines.push(line) } })
    const after = vi.fn()
    kernel.bus.on('modal:open', () => {
      throw new Error('handler bug')
    })
    kernel.bus.on('modal:open', after)
    kernel.open()
    expect(after).toHaveBeenCalledWith({ view: 'Connect' })
    expect(lines.join('\n')).toMatch(/"modal:open" handler threw/)
  })

  it('off removes a handler; onAny hears every event', () => {
    const kernel = testKernel()
    const handler = vi.fn()
    const any = vi.fn()
    kernel.bus.on('modal:open', handler)
    kernel.bus.onAny(any)
    kernel.bus.off('modal:open', handler)
    kernel.open()
    expect(handler).not.toHaveBeenCalled()
    expect(any).toHaveBeenCalledWith('modal:open', { view: 'Connect' })
  })
})

describe('snackbar', () => {
  it('hides an open message and shows the new one after 150 ms', () => {
    vi.useFakeTimers()
    try {
      const kernel = testKernel()
      kernel.snackbar.loading('Sending')
      expect(kernel.getState().snackbar).toEqual({ open: true, variant: 'loading', message: 'Sending' })
      kernel.snackbar.success('Sent')
      expect(kernel.getState().snackbar.open).toBe(false)
      vi.advanceTimersByTime(149)
      expect(kernel.getState().snackbar.open).toBe(false)
      vi.advanceTimersByTime(1)
      expect(kernel.getState().snackbar).toEqual({ open: true, variant: 'success', message: 'Sent' })
      vi.advanceTimersByTime(2200)
      expect(kernel.getState().snackbar.open).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('snackbar link', () => {
  it('carries an optional link with the message, and drops it with the next message', () => {
    const kernel = testKernel()
    kernel.snackbar.success('Sent 0xabc', {
      link: { href: 'https://explorer.example/tx/0xabc', label: 'View' },
    })
    expect(kernel.getState().snackbar.link).toEqual({
      href: 'https://explorer.example/tx/0xabc',
      label: 'View',
    })
    kernel.snackbar.hide()
    vi.useFakeTimers()
    try {
      kernel.snackbar.error('Failed')
      expect(kernel.getState().snackbar.link).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('i18n', () => {
  it('the integrator locale wins over plugin defaults and fills placeholders', () => {
    const kernel = testKernel({ locale: { 'a.title': 'Titel {n}' } })
    kernel.i18n.register({ 'a.title': 'Title {n}', 'b.title': 'B' })
    expect(kernel.i18n.t('a.title', { n: 2 })).toBe('Titel 2')
    expect(kernel.i18n.t('b.title')).toBe('B')
    expect(kernel.i18n.t('missing.key')).toBe('missing.key')
  })
})
