import { cpus, loadavg, release, totalmem } from 'node:os'

export interface Machine {
  cpu: string
  cores: number
  memoryGiB: number
  os: string
  node: string
  chromium?: string
  date: string
  /** 1-minute load average at the start and end of the run: other work on the machine skews timings. */
  load: { start: number; end?: number }
}

/** What the figures were taken on. */
export function describeMachine(): Machine {
  const cpu = cpus()
  return {
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${process.platform} ${release()}`,
    node: process.version,
    date: new Date().toISOString(),
    load: { start: Math.round((loadavg()[0] ?? 0) * 100) / 100 },
  }
}

export const currentLoad = () => Math.round((loadavg()[0] ?? 0) * 100) / 100
