import type { LatchkitSize } from './size'

/** DESIGN.md writes budgets in KB; the bench reads 1 KB as 1000 bytes, the stricter reading. */
export const KB = 1000

/** The size budgets of DESIGN.md ("Budgets"), in gzip bytes. */
export const sizeBudgets = {
  /** Kernel + react + evm adapter + connect and account views, React, react-dom and viem included. */
  minimalWithViews: 120 * KB,
  /** Our own code (src/, adapters/, plugins/) in that same build. */
  ownCode: 25 * KB,
} as const

/**
 * Our own code on the first open is over the DESIGN target: 33.30 KB on 2026-11-24 (it was
 * 32.1 KB, down from 34.9 KB; the 0.3 KB since are the first open's share of languages
 * (numbers and dates in the locale, right to left, errors translated by code) and of the
 * theme's system mode and variables, after moving the server-rendering code out of the
 * kernel, the modal's strings into the first-open module and the snackbar's content into
 * its own chunk). The initial chunks alone (24.88 KB) are within it and are checked
 * against it. What is left is code rather than splitting: the dialog, its styles and the
 * core views. Until the gap closes, CI holds the line here instead: the figure may not
 * grow past this ceiling, and the report says by how much the target is missed. Lower the
 * ceiling whenever the code shrinks; delete it once the 25 KB target holds.
 * `npm run bench:modules` lists the code module by module. Raised from 33.35 KB to 33.5 KB
 * on 2026-12-02 for the kernel owning each plugin's lifecycle (it records what a plugin
 * registers and undoes it: src/kernel/pluginScope.ts and removable strings in i18n.ts),
 * 0.2 KB that the initial chunks carry (24.99 KB, still within the 25 KB target). Raised
 * to 33.6 KB on 2026-12-02 for the Connect view's `connectGates` slot (68 bytes gzip: the
 * gates' components and the fieldset that disables every way to connect while one blocks),
 * the general mechanism the legal checkbox plugin needs; the plugin itself loads only when
 * listed.
 */
export const ownCodeCeiling = 33.6 * KB

export interface BudgetResult {
  budget: string
  ok: boolean
  /** What was measured against what, in words and figures, for the report and a failing test. */
  detail: string
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`

/**
 * Checks the Latchkit figures against DESIGN.md's size budgets. Sizes are deterministic,
 * so these checks may fail a build; speed budgets are only reported, never checked here.
 *
 * The connect and account views load lazily, so they are not in the initial chunks; the
 * budget names them, so it is checked on the whole minimal build (initial chunks plus the
 * lazily loaded core views), the stricter figure. A build that cannot be measured fails.
 */
export function checkSizeBudgets(size: LatchkitSize): BudgetResult[] {
  const results: BudgetResult[] = []
  const minimal = size.rows.find((row) => row.id === 'latchkit-minimal')
  if (!minimal?.sizes) {
    results.push({
      budget: 'minimal build',
      ok: false,
      detail: `latchkit-minimal did not build: ${minimal?.error}`,
    })
  } else {
    const { initial, firstOpen, total } = minimal.sizes
    results.push({
      budget: `kernel + react + evm + connect and account views, React/react-dom/viem included <= ${kb(sizeBudgets.minimalWithViews)} gzip`,
      ok: firstOpen.gzip <= sizeBudgets.minimalWithViews,
      detail: `${kb(firstOpen.gzip)} gzip: initial chunks (${kb(initial.gzip)}) plus the Connect, connecting, Account and Tokens-tab chunks; the whole build, with views and API clients a minimal app never loads, is ${kb(total.gzip)}`,
    })
  }
  if (!size.ownCode) {
    results.push({ budget: 'own code', ok: false, detail: `could not be measured: ${size.ownCodeError}` })
  } else {
    const { own, latchkitDeps } = size.ownCode
    const measured = `${kb(own.firstOpen.gzip)} gzip for src/, adapters/, plugins/ (initial chunks alone ${kb(own.initial.gzip)}, whole build ${kb(own.total.gzip)}); the kernel's dependencies add ${kb(latchkitDeps.total.gzip)}`
    const met = own.firstOpen.gzip <= sizeBudgets.ownCode
    results.push({
      budget: met
        ? `our own code in it <= ${kb(sizeBudgets.ownCode)} gzip`
        : `our own code in it: DESIGN target ${kb(sizeBudgets.ownCode)} NOT MET (missed by ${kb(own.firstOpen.gzip - sizeBudgets.ownCode)}); CI ceiling ${kb(ownCodeCeiling)}`,
      ok: own.firstOpen.gzip <= ownCodeCeiling,
      detail: measured,
    })
    // The part of the target that holds: what a page loads before the modal is first opened.
    // Helpers that only lazy code uses must come from an entry start-up code does not
    // import (latchkit/internal/http), or the bundler keeps them in the start-up chunks.
    results.push({
      budget: `our own code in the initial chunks alone <= ${kb(sizeBudgets.ownCode)} gzip`,
      ok: own.initial.gzip <= sizeBudgets.ownCode,
      detail: `${kb(own.initial.gzip)} gzip for src/, adapters/, plugins/ before the modal first opens`,
    })
  }
  if (!size.unusedPlugins) {
    results.push({
      budget: 'unused plugins',
      ok: false,
      detail: `could not be checked: ${size.unusedPluginsError}`,
    })
  } else {
    const { identical, differences, pluginsPresent } = size.unusedPlugins
    results.push({
      budget: 'a plugin not in the list adds 0 bytes',
      ok: identical,
      detail: identical
        ? `minimal is byte for byte the same with and without plugins/ (${pluginsPresent.length} plugins present${pluginsPresent.length === 0 ? ': nothing to prove yet' : ''})`
        : `minimal differs with plugins/ present: ${differences.join(', ')}`,
    })
  }
  if (size.pluginsError) {
    results.push({
      budget: 'each plugin adds its own chunk',
      ok: false,
      detail: `could not be measured: ${size.pluginsError}`,
    })
  } else {
    const withoutChunk = size.plugins.filter((cost) => cost.chunks < 1)
    results.push({
      budget: 'each plugin in the list adds its own chunk',
      ok: withoutChunk.length === 0,
      detail:
        size.plugins.length === 0
          ? 'no plugins yet'
          : withoutChunk.length === 0
            ? `all ${size.plugins.length} plugins add at least one chunk`
            : `no chunk of their own: ${withoutChunk.map((cost) => cost.plugin).join(', ')}`,
    })
  }
  return results
}
