import {
  type Connector,
  definePlugin,
  type Kernel,
  type KernelServices,
  lazyView,
  type PluginContext,
  removePlugin,
} from 'latchkit'
import { describe, expect, it, vi } from 'vitest'
import { testKernel } from './helpers'

function connector(id: string): Connector {
  return {
    id,
    name: id,
    type: 'INJECTED',
    chain: 'eip155',
    connect: async () => ({ accounts: [], chainId: 1 }),
    disconnect: async () => {},
    getProvider: async () => ({}),
  }
}

/** What a plugin heard, so a test can tell whether its handlers are still in place. */
interface Heard {
  events: string[]
  any: string[]
  store: number
  slice: number
  strings: number
  views: number
}

/**
 * Registers one of everything the setup context offers and returns no cleanup: all of it
 * must be undone by the kernel.
 */
function everything(id: string, heard: Heard, seen?: (ctx: PluginContext<{ n: number }>) => void) {
  return definePlugin<{ n: number }>({
    id,
    initialState: () => ({ n: 0 }),
    setup(ctx) {
      seen?.(ctx)
      ctx.i18n.register({ [`${id}.title`]: `${id} title` })
      ctx.views.register({ id: `${id}View`, title: `${id}.title`, load: async () => ({ default: 'View' }) })
      ctx.slots.contribute('features', { id, label: `${id}.title`, view: `${id}View` })
      ctx.services.add(`${id}Service`, { hello: () => id })
      ctx.connectors.register(connector(`${id}.wallet`))
      ctx.router.addCloseGuard(() => `${id} holds the modal`)
      ctx.bus.on('modal:open', () => void heard.events.push(id))
      ctx.bus.onAny((type) => void heard.any.push(type))
      ctx.store.subscribe(() => void heard.store++)
      ctx.state.subscribe(() => void heard.slice++)
      ctx.i18n.subscribe(() => void heard.strings++)
      ctx.views.subscribe(() => void heard.views++)
    },
  })
}

const nothingHeard = (): Heard => ({ events: [], any: [], store: 0, slice: 0, strings: 0, views: 0 })

function expectGone(kernel: Kernel, id: string) {
  expect(kernel.views.has(`${id}View`)).toBe(false)
  expect(kernel.slots.list('features').map((item) => item.id)).not.toContain(id)
  expect(kernel.services.has(`${id}Service`)).toBe(false)
  expect(kernel.connectors.has(`${id}.wallet`)).toBe(false)
  expect(kernel.i18n.t(`${id}.title`)).toBe(`${id}.title`)
  expect(kernel.router.closeBlockers()).not.toContain(`${id} holds the modal`)
}

describe("a plugin's lifecycle", () => {
  it('a removed plugin leaves no handler, view, slot entry, service, connector or strings behind', () => {
    const kept = nothingHeard()
    const gone = nothingHeard()
    const kernel = testKernel({ plugins: [everything('kept', kept), everything('gone', gone)] })
    expect(kernel.views.has('goneView')).toBe(true)
    expect(kernel.connectors.has('gone.wallet')).toBe(true)
    expect(kernel.i18n.t('gone.title')).toBe('gone title')

    removePlugin(kernel, 'gone')

    expectGone(kernel, 'gone')
    expect(kernel.hasPlugin('gone')).toBe(false)
    expect(kernel.pluginState('gone')).toBeUndefined()
    Object.assign(gone, nothingHeard())
    kernel.open({ view: 'keptView' })
    kernel.i18n.register({ 'other.title': 'Other' })
    kernel.views.register({ id: 'Other', load: async () => ({}) })
    expect(gone).toEqual(nothingHeard())
    // The plugin that stays keeps everything.
    expect(kernel.hasPlugin('kept')).toBe(true)
    expect(kernel.views.has('keptView')).toBe(true)
    expect(kernel.slots.list('features').map((item) => item.id)).toEqual(['kept'])
    expect(kernel.services.has('keptService')).toBe(true)
    expect(kernel.connectors.has('kept.wallet')).toBe(true)
    expect(kernel.i18n.t('kept.title')).toBe('kept title')
    expect(kernel.router.closeBlockers()).toEqual(['kept holds the modal'])
    expect(kept.events).toEqual(['kept'])
    expect(kept.any).toContain('modal:open')
    expect(kept.store).toBeGreaterThan(0)
    expect(kept.strings).toBeGreaterThan(0)
    expect(kept.views).toBeGreaterThan(0)
  })

  it("the modal steps back past a removed plugin's view, and closes when nothing is left", () => {
    const kernel = testKernel({
      plugins: [everything('tip', nothingHeard()), everything('jar', nothingHeard())],
    })
    kernel.views.register({ id: 'Account', load: async () => ({}) })
    kernel.open({ view: 'Account' })
    kernel.router.push('tipView')
    kernel.router.push('jarView')
    removePlugin(kernel, 'tip')
    expect(kernel.getState().modal.history.map((entry) => entry.view)).toEqual(['Account', 'jarView'])
    expect(kernel.getState().modal.open).toBe(true)

    kernel.router.reset('jarView')
    removePlugin(kernel, 'jar')
    expect(kernel.getState().modal.open).toBe(false)
  })

  it('refuses to remove a plugin another one requires, and ignores an id not installed', () => {
    const kernel = testKernel({
      plugins: [
        everything('base', nothingHeard()),
        definePlugin({ id: 'extension', requires: ['base'], setup() {} }),
      ],
    })
    expect(() => removePlugin(kernel, 'base')).toThrow(
      expect.objectContaining({
        code: 'PLUGIN_REQUIRED',
        shortMessage: 'Plugin "extension" requires plugin "base"',
      }),
    )
    expect(kernel.views.has('baseView')).toBe(true)
    removePlugin(kernel, 'extension')
    removePlugin(kernel, 'extension')
    removePlugin(kernel, 'never-installed')
    removePlugin(kernel, 'base')
    expectGone(kernel, 'base')
  })

  it('destroying the kernel undoes every plugin', () => {
    const one = nothingHeard()
    const two = nothingHeard()
    const parts: KernelServices[] = []
    const kernel = testKernel({
      plugins: [
        everything('one', one, (ctx) => parts.push(ctx)),
        everything('two', two, (ctx) => parts.push(ctx)),
      ],
    })
    kernel.destroy()

    expectGone(kernel, 'one')
    expectGone(kernel, 'two')
    expect(kernel.views.list()).toEqual([])
    expect(kernel.slots.list('features')).toEqual([])
    expect(kernel.services.list()).toEqual([])
    expect(kernel.connectors.list()).toEqual([])
    expect(kernel.router.closeBlockers()).toEqual([])
    Object.assign(one, nothingHeard())
    Object.assign(two, nothingHeard())
    kernel.bus.emit('modal:open', { view: 'Connect' })
    kernel.store.setState((draft) => {
      draft.plugins.one = { n: 1 }
    })
    kernel.i18n.register({ 'later.title': 'Later' })
    kernel.views.register({ id: 'Later', load: async () => ({}) })
    expect([one, two]).toEqual([nothingHeard(), nothingHeard()])
    // What a plugin registers after it is gone (a late callback) is undone at once.
    parts[0]?.views.register({ id: 'TooLate', load: async () => ({}) })
    parts[0]?.i18n.register({ 'late.title': 'Late' })
    expect(kernel.views.has('TooLate')).toBe(false)
    expect(kernel.i18n.t('late.title')).toBe('late.title')
  })

  it("runs the plugin's own cleanup first, while what it registered is still in place", () => {
    let viewAtCleanup: boolean | undefined
    const kernel = testKernel({
      plugins: [
        definePlugin({
          id: 'timer',
          setup(ctx) {
            ctx.views.register({ id: 'Timer', load: async () => ({}) })
            return () => {
              viewAtCleanup = ctx.views.has('Timer')
            }
          },
        }),
      ],
    })
    kernel.destroy()
    expect(viewAtCleanup).toBe(true)
    expect(kernel.views.has('Timer')).toBe(false)
  })

  it('undoes what a plugin registered before its setup threw', () => {
    const heard = nothingHeard()
    let captured: PluginContext<{ n: number }> | undefined
    const broken = definePlugin<{ n: number }>({
      id: 'broken',
      setup(ctx) {
        everything('broken', heard).setup(ctx)
        captured = ctx
        throw new Error('boom')
      },
    })
    expect(() => testKernel({ plugins: [broken] })).toThrow('Plugin "broken" failed to set up')
    expect(captured?.views.has('brokenView')).toBe(false)
    expect(captured?.connectors.has('broken.wallet')).toBe(false)
    expect(captured?.services.has('brokenService')).toBe(false)
    expect(captured?.slots.list('features')).toEqual([])
    expect(captured?.i18n.t('broken.title')).toBe('broken.title')
    expect(captured?.router.closeBlockers()).toEqual([])
  })

  it('a remover the plugin calls itself still works, and the kernel does not call it again', () => {
    const removed = vi.fn()
    const kernel = testKernel({
      plugins: [
        definePlugin({
          id: 'early',
          setup(ctx) {
            const remove = ctx.slots.contribute('features', { id: 'early', label: 'Early', view: 'Early' })
            remove()
            ctx.slots.subscribe(removed)
          },
        }),
      ],
    })
    expect(kernel.slots.list('features')).toEqual([])
    kernel.slots.contribute('features', { id: 'host', label: 'Host', view: 'Host' })
    expect(removed).toHaveBeenCalledOnce()
    kernel.destroy()
    expect(kernel.slots.list('features').map((item) => item.id)).toEqual(['host'])
  })

  it('strings two registrations share stay until both are taken away', () => {
    const kernel = testKernel()
    const shared = { 'shared.title': 'Shared' }
    const first = kernel.i18n.register(shared)
    const second = kernel.i18n.register(shared)
    kernel.i18n.register({ 'shared.title': 'Later wins' })
    expect(kernel.i18n.t('shared.title')).toBe('Later wins')
    first()
    first()
    expect(kernel.i18n.t('shared.title')).toBe('Later wins')
    kernel.i18n.register(shared)
    expect(kernel.i18n.t('shared.title')).toBe('Shared')
    second()
    expect(kernel.i18n.t('shared.title')).toBe('Shared')
  })

  it("lazyView registers a view's strings when it first loads, and they go with the plugin", async () => {
    let arrive: (() => void) | undefined
    const viewModule = { default: 'TipJarView', viewStrings: { 'tipJar.count': '{tips} tips' } }
    const tipJar = definePlugin({
      id: 'tip-jar',
      setup(ctx) {
        ctx.views.register({ id: 'TipJar', load: lazyView(ctx, async () => viewModule) })
        ctx.views.register({
          id: 'TipJarLate',
          load: lazyView(
            ctx,
            () => new Promise<typeof viewModule>((resolve) => (arrive = () => resolve(viewModule))),
          ),
        })
        ctx.views.register({ id: 'Plain', load: lazyView(ctx, async () => ({ default: 'Plain' })) })
      },
    })
    const kernel = testKernel({ plugins: [tipJar] })
    const load = kernel.views.get('TipJar')?.load
    const late = kernel.views.get('TipJarLate')?.load()
    expect(kernel.i18n.t('tipJar.count', { tips: 2 })).toBe('tipJar.count')
    await expect(load?.()).resolves.toBe(viewModule)
    expect(kernel.i18n.t('tipJar.count', { tips: 2 })).toBe('2 tips')
    await expect(kernel.views.get('Plain')?.load()).resolves.toEqual({ default: 'Plain' })

    kernel.destroy()
    expect(kernel.i18n.t('tipJar.count', { tips: 2 })).toBe('tipJar.count')
    // A view that finishes loading after its plugin is gone leaves no strings behind.
    arrive?.()
    await late
    expect(kernel.i18n.t('tipJar.count', { tips: 2 })).toBe('tipJar.count')
  })
})
