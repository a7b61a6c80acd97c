/** Median of the numbers (mean of the two middle ones for an even count); undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? sorted[middle]
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** Rounds to one decimal: timings finer than 0.1 ms mean nothing here. */
export const round1 = (value: number) => Math.round(value * 10) / 10
