import type { I18n } from './i18n'

/** A view module: its component as `default`, and the strings it brings as `viewStrings`. */
export interface ViewModule {
  default?: unknown
  viewStrings?: Record<string, string>
}

/**
 * A view's `load` that imports its module on first open and registers the strings the
 * module exports as `viewStrings` before the view renders, so a plugin's view strings cost
 * nothing until then. Registered through `ctx.i18n`, they go with the plugin. It fits
 * `React.lazy` too, for a slot component that brings strings.
 *
 * @example
 * // views/SendView.tsx: export default function SendView() {...}
 * //                     export { sendViewStrings as viewStrings } from './viewStrings'
 * ctx.views.register({ id: 'Send', title: 'send.title', load: lazyView(ctx, () => import('./views/SendView')) })
 */
export function lazyView<M extends ViewModule>(
  ctx: { i18n: Pick<I18n, 'register'> },
  load: () => Promise<M>,
): () => Promise<M> {
  return async () => {
    const module = await load()
    if (module.viewStrings) ctx.i18n.register(module.viewStrings)
    return module
  }
}
