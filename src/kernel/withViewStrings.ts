import type { I18n } from './i18n'

/**
 * A view's `load` that registers the strings its module brings before the view renders, so
 * a plugin's view strings cost nothing until the view is first opened.
 *
 * @example
 * ctx.views.register({ id: 'Send', load: withViewStrings(ctx.i18n, () => import('./views/SendView'), (m) => m.sendViewStrings) })
 */
export function withViewStrings<M>(
  i18n: Pick<I18n, 'register'>,
  load: () => Promise<M>,
  strings: (module: M) => Record<string, string>,
): () => Promise<M> {
  return async () => {
    const module = await load()
    i18n.register(strings(module))
    return module
  }
}
