import { createRegistry } from './registry'

/** SPEC §1 default orders, by contribution id. */
export const defaultSlotOrder: Record<string, readonly string[]> = {
  features: ['onramp', 'swaps', 'receive', 'send'],
  connectorTypes: ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'],
  connectMethods: ['email', 'social', 'wallet'],
  accountTabs: ['tokens', 'nfts', 'activity'],
}

/** One contribution to a slot. `order` places ids that no default order names. */
export interface SlotItem {
  id: string
  order?: number
  [key: string]: unknown
}

/**
 * Ordered contributions that the shell discovers at any time (Uppy-style UI slots).
 *
 * @example
 * slots.contribute('features', { id: 'send', label: 'Send', view: 'Send' })
 * slots.list('features') // in SPEC §1 order, or the integrator's `order.features`
 */
export interface Slots {
  contribute<T extends SlotItem>(slot: string, item: T): () => void
  list<T extends SlotItem = SlotItem>(slot: string): readonly T[]
  /** The effective id order of a slot: the override first, then the default. */
  order(slot: string): readonly string[]
  subscribe(listener: () => void): () => void
}

export function createSlots(overrides: Record<string, readonly string[]> = {}): Slots {
  const registry = createRegistry<{ slot: string; item: SlotItem; seq: number }>()
  const sorted = new Map<string, { source: readonly unknown[]; items: readonly SlotItem[] }>()
  let seq = 0

  const order = (slot: string): readonly string[] => {
    const override = overrides[slot] ?? []
    const rest = (defaultSlotOrder[slot] ?? []).filter((id) => !override.includes(id))
    return [...override, ...rest]
  }

  const rank = (slot: string, item: SlotItem): number => {
    const index = order(slot).indexOf(item.id)
    if (index >= 0) return index
    return 1000 + (item.order ?? 1000)
  }

  return {
    contribute(slot, item) {
      return registry.add(`${slot}\u0000${item.id}`, { slot, item, seq: seq++ })
    },
    list<T extends SlotItem>(slot: string) {
      const source = registry.list()
      const cached = sorted.get(slot)
      if (cached && cached.source === source) return cached.items as unknown as readonly T[]
      const items = source
        .filter((entry) => entry.slot === slot)
        .sort((a, b) => rank(slot, a.item) - rank(slot, b.item) || a.seq - b.seq)
        .map((entry) => entry.item)
      sorted.set(slot, { source, items })
      return items as unknown as readonly T[]
    },
    order,
    subscribe: registry.subscribe,
  }
}
