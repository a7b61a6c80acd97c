import { definePlugin, type Plugin } from 'latchkit'
import { describe, expect, it, vi } from 'vitest'
import { testKernel } from './helpers'

// Two small plugins, written as a third party would: factories returning definitions.
const counter = (options: { step: number }) =>
  definePlugin<{ count: number }>({
    id: 'counter',
    initialState: () => ({ count: 0 }),
    setup(ctx) {
      const offView = ctx.views.register({ id: 'Counter', load: async () => ({ default: 'CounterView' }) })
      const offSlot = ctx.slots.contribute('features', { id: 'counter', label: 'Count', view: 'Counter' })
      ctx.i18n.register({ 'counter.title': 'Counter' })
      const offBus = ctx.bus.on('modal:open', () =>
        ctx.state.set((draft) => {
          draft.count += options.step
        }),
      )
      return () => {
        offView()
        offSlot()
        offBus()
      }
    },
  })

const greeter = () =>
  definePlugin({
    id: 'greeter',
    requires: ['counter'],
    setup(ctx) {
      ctx.slots.contribute('features', { id: 'greeter', label: 'Hi', view: 'Greeter' })
      ctx.views.register({ id: 'Greeter', load: async () => ({ default: 'GreeterView' }) })
      ctx.services.add('greeting', (name: string) => `hello ${name}`)
    },
  })

describe('composing a kernel from plugins', () => {
  it('installs views, slots, state, strings and handlers of every plugin in the list', async () => {
    const kernel = testKernel({ plugins: [greeter(), counter({ step: 2 })] })
    expect(kernel.views.get('Counter')).toBeDefined()
    expect(kernel.views.get('Greeter')).toBeDefined()
    expect(kernel.slots.list('features').map((item) => item.id)).toEqual(['counter', 'greeter'])
    expect(kernel.i18n.t('counter.title')).toBe('Counter')
    expect((kernel.services.get('greeting') as (n: string) => string)('you')).toBe('hello you')
    expect(kernel.pluginState<{ count: number }>('counter')).toEqual({ count: 0 })
    kernel.open({ view: 'Counter' })
    kernel.close()
    kernel.open()
    expect(kernel.pluginState<{ count: number }>('counter')).toEqual({ count: 4 })
    await expect(kernel.views.get('Counter')?.load()).resolves.toEqual({ default: 'CounterView' })
  })

  it('leaving a plugin out removes all of its contributions', () => {
    const kernel = testKernel({ plugins: [counter({ step: 1 })] })
    expect(kernel.views.get('Greeter')).toBeUndefined()
    expect(kernel.slots.list('features').map((item) => item.id)).toEqual(['counter'])
    expect(kernel.services.get('greeting')).toBeUndefined()
    expect(kernel.hasPlugin('greeter')).toBe(false)
    expect(kernel.getState().plugins).not.toHaveProperty('greeter')
  })

  it('sets plugins up after what they require, whatever the list order', () => {
    const order: string[] = []
    const a: Plugin = { id: 'a', requires: ['b'], setup: () => void order.push('a') }
    const b: Plugin = { id: 'b', setup: () => void order.push('b') }
    testKernel({ plugins: [a, b] })
    expect(order).toEqual(['b', 'a'])
  })

  it('rejects duplicate ids and missing requirements with what to do', () => {
    expect(() => testKernel({ plugins: [counter({ step: 1 }), counter({ step: 2 })] })).toThrow(
      /Plugin "counter" is in the plugin list twice/,
    )
    expect(() => testKernel({ plugins: [greeter()] })).toThrowError(
      expect.objectContaining({
        code: 'PLUGIN_REQUIREMENT_MISSING',
        details: 'Add the "counter" plugin to options.plugins.',
      }),
    )
    const loop: Plugin[] = [
      { id: 'x', requires: ['y'], setup() {} },
      { id: 'y', requires: ['x'], setup() {} },
    ]
    expect(() => testKernel({ plugins: loop })).toThrow(/circle: x -> y -> x/)
  })

  it('tears every plugin down on destroy, in reverse order, and stops its handlers', () => {
    const order: string[] = []
    const first: Plugin = { id: 'first', setup: () => () => void order.push('first') }
    const second: Plugin = { id: 'second', setup: () => () => void order.push('second') }
    const kernel = testKernel({ plugins: [first, second, counter({ step: 1 })] })
    kernel.destroy()
    expect(order).toEqual(['second', 'first'])
    expect(kernel.views.get('Counter')).toBeUndefined()
    expect(kernel.slots.list('features')).toEqual([])
    kernel.open()
    expect(kernel.pluginState<{ count: number }>('counter')).toEqual({ count: 0 })
  })

  it('wraps a plugin whose setup throws and tears down what was set up before it', () => {
    const teardown = vi.fn()
    const ok: Plugin = { id: 'ok', setup: () => teardown }
    const broken: Plugin = {
      id: 'broken',
      setup() {
        throw new Error('boom')
      },
    }
    expect(() => testKernel({ plugins: [ok, broken] })).toThrow('Plugin "broken" failed to set up')
    expect(teardown).toHaveBeenCalledOnce()
  })

  it('keeps two kernels on one page apart', () => {
    const one = testKernel({ plugins: [counter({ step: 1 })] })
    const two = testKernel({ plugins: [counter({ step: 5 })] })
    one.open()
    expect(one.pluginState<{ count: number }>('counter')?.count).toBe(1)
    expect(two.pluginState<{ count: number }>('counter')?.count).toBe(0)
    expect(two.getState().modal.open).toBe(false)
  })
})
