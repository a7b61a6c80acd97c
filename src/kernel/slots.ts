import { createRegistry } from './registry'

/** One contribution to a slot: an id, and where it goes when no override names it. */
export interface SlotItem {
  id: string
  /**
   * Default position: lower comes first (as a Tiptap extension's priority). Contributions
   * without one follow those with one, in the order they were added.
   */
  order?: number
}

/**
 * The slots and what each holds. Empty in the kernel: the React binding declares the UI
 * slots (`features`, `connectMethods`, `connectorTypes`, `accountTabs`), and a plugin
 * declares its own by declaration merging, as with `KernelEvents`:
 *
 * @example
 * declare module 'latchkit' {
 *   interface KernelSlots { 'swaps:providers': { id: string; order?: number; label: string } }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface KernelSlots {}

/** A slot's name: one the app's modules declared, or any string for an ad-hoc slot. */
export type SlotName = keyof KernelSlots | (string & {})
/** What a slot holds: its declared item type, or a bare {@link SlotItem}. */
export type SlotItemOf<K> = K extends keyof KernelSlots ? KernelSlots[K] : SlotItem

/**
 * Ordered contributions that the shell discovers at any time (Uppy-style UI slots). Each
 * contribution carries its default `order`; `options.order` in createKernel puts the ids
 * it names first, in its order.
 *
 * @example
 * slots.contribute('features', { id: 'send', order: 400, label: 'send.title', view: 'Send' })
 * slots.list('features') // by order, or the integrator's `order.features` first
 */
export interface Slots {
  contribute<K extends SlotName>(slot: K, item: SlotItemOf<K>): () => void
  list<K extends SlotName>(slot: K): readonly SlotItemOf<K>[]
  subscribe(listener: () => void): () => void
}

/**
 * @example
 * const slots = createSlots({ features: ['send'] }) // send first, whatever its order
 */
export function createSlots(overrides: Record<string, readonly string[]> = {}): Slots {
  const registry = createRegistry<{ slot: string; item: SlotItem; seq: number }>()
  const sorted = new Map<string, { source: readonly unknown[]; items: readonly SlotItem[] }>()
  let seq = 0

  // Overridden ids first, in the override's order; then by the contribution's own order.
  const rank = (slot: string, item: SlotItem): [number, number] => {
    const index = (overrides[slot] ?? []).indexOf(item.id)
    if (index >= 0) return [0, index]
    return [1, item.order ?? Number.MAX_SAFE_INTEGER]
  }

  return {
    contribute(slot, item) {
      const entry = item as SlotItem
      return registry.add(`${slot}\u0000${entry.id}`, { slot, item: entry, seq: seq++ })
    },
    list(slot) {
      const source = registry.list()
      const cached = sorted.get(slot)
      if (cached && cached.source === source) return cached.items as never
      const items = source
        .filter((entry) => entry.slot === slot)
        .map((entry) => ({ entry, rank: rank(slot, entry.item) }))
        .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.entry.seq - b.entry.seq)
        .map(({ entry }) => entry.item)
      sorted.set(slot, { source, items })
      return items as never
    },
    subscribe: registry.subscribe,
  }
}
