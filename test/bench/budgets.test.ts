import { describe, expect, it } from 'vitest'
import { checkSizeBudgets } from '../../bench/budgets'
import { type LatchkitSize, measureLatchkit } from '../../bench/size'

// Only the Latchkit rows: the peers need an install and are the bench's business. Sizes
// are deterministic, so a broken budget fails here with the figures; timings never do.
describe('size budgets (DESIGN.md)', () => {
  let size: LatchkitSize | undefined
  const measured = async () => {
    size ??= await measureLatchkit()
    return size
  }
  it('the Latchkit rows build', async () => {
    const { rows } = await measured()
    expect(rows.filter((row) => row.error).map((row) => `${row.id}: ${row.error}`)).toEqual([])
  })

  it('every size budget holds', async () => {
    const results = checkSizeBudgets(await measured())
    // A target held only by its CI ceiling is said out loud in every run's output.
    for (const result of results.filter((r) => r.budget.includes('NOT MET'))) {
      console.warn(`size budget: ${result.budget}: ${result.detail}`)
    }
    const broken = results.filter((result) => !result.ok)
    expect(broken.map((result) => `${result.budget}: ${result.detail}`)).toEqual([])
  })
})
