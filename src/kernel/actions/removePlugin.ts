import { PluginError } from '../errors'
import type { Kernel } from '../kernelTypes'

/**
 * Takes one plugin out of a running kernel: its own cleanup runs, everything it registered
 * (views, slot entries, handlers, services, connectors, strings, close guards) is undone,
 * its slice is dropped and `kernel.hasPlugin(id)` turns false. If the modal shows one of
 * its views, the modal steps back past them, and closes when none of what the visitor was
 * on remains. An id not installed is ignored; a plugin that another installed plugin
 * requires throws `PLUGIN_REQUIRED`.
 *
 * @example
 * import { removePlugin } from 'latchkit'
 *
 * removePlugin(kernel, 'swaps') // the Swap button and its views are gone; the rest stays
 */
export function removePlugin(kernel: Kernel, id: string): void {
  const installed = kernel.internal.plugins
  const dispose = installed.get(id)
  if (!dispose) return
  for (const plugin of kernel.options.plugins) {
    if (installed.has(plugin.id) && plugin.requires?.includes(id)) {
      throw new PluginError(`Plugin "${plugin.id}" requires plugin "${id}"`, {
        code: 'PLUGIN_REQUIRED',
        details: `Remove the "${plugin.id}" plugin first.`,
      })
    }
  }
  const { views, store } = kernel
  // Only views that were registered and are gone afterwards are the plugin's: a view the
  // modal shows without a registration (no React binding) stays.
  const shown = new Set(
    store
      .getState()
      .modal.history.map((step) => step.view)
      .filter(views.has),
  )
  installed.delete(id)
  dispose()
  const gone = (view: string) => shown.has(view) && !views.has(view)
  store.setState((draft) => {
    delete draft.plugins[id]
    draft.modal.history = draft.modal.history.filter((step) => !gone(step.view))
    if (draft.modal.history.length === 0) draft.modal.open = false
  })
}
