import { PluginError } from './errors'
import type { Plugin } from './kernelTypes'

/** Identity function that types a plugin definition. */
export function definePlugin<S = undefined>(plugin: Plugin<S>): Plugin<S> {
  return plugin
}

/**
 * Orders plugins so that each comes after what it requires, and rejects duplicates and
 * missing requirements with a message that says what to add.
 */
export function orderPlugins(plugins: readonly Plugin[]): Plugin[] {
  const byId = new Map<string, Plugin>()
  for (const plugin of plugins) {
    if (byId.has(plugin.id)) {
      throw new PluginError(`Plugin "${plugin.id}" is in the plugin list twice`, {
        code: 'PLUGIN_DUPLICATE',
        details: `Remove one of the two "${plugin.id}" entries from options.plugins.`,
      })
    }
    byId.set(plugin.id, plugin)
  }
  for (const plugin of plugins) {
    for (const required of plugin.requires ?? []) {
      if (!byId.has(required)) {
        throw new PluginError(`Plugin "${plugin.id}" requires plugin "${required}"`, {
          code: 'PLUGIN_REQUIREMENT_MISSING',
          details: `Add the "${required}" plugin to options.plugins.`,
        })
      }
    }
  }
  const ordered: Plugin[] = []
  // Ids whose requirements are being set in order; meeting one again is a circle.
  const visiting = new Set<string>()
  const visit = (plugin: Plugin, chain: string[]) => {
    if (ordered.includes(plugin)) return
    if (visiting.has(plugin.id)) {
      throw new PluginError(`Plugins require each other in a circle: ${[...chain, plugin.id].join(' -> ')}`, {
        code: 'PLUGIN_REQUIREMENT_MISSING',
        details: 'Break the cycle: one of these plugins must not require the other.',
      })
    }
    visiting.add(plugin.id)
    for (const required of plugin.requires ?? []) visit(byId.get(required) as Plugin, [...chain, plugin.id])
    ordered.push(plugin)
  }
  for (const plugin of plugins) visit(plugin, [])
  return ordered
}
