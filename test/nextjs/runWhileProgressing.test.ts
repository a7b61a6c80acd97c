/**
 * The wait for a long build follows its progress: a child that keeps using CPU is waited
 * for past the time without progress allowed, one that sits idle is stopped and reported,
 * naming the step, and a failing one is reported with its output.
 */
import { describe, expect, it } from 'vitest'
import { runWhileProgressing } from './runWhileProgressing.js'

const node = (script: string) => [process.execPath, ['-e', script]] as const

describe('runWhileProgressing', () => {
  it('waits for a child that works (CPU, no output) for longer than the allowed stall', async () => {
    const [command, args] = node('const end = Date.now() + 7000; while (Date.now() < end) {}')
    const report = await runWhileProgressing(command, [...args], {
      what: 'a busy step',
      cwd: process.cwd(),
      stallMs: 4_000,
    })
    expect(report.ms).toBeGreaterThan(7_000)
  }, 60_000)

  it('stops a child that does nothing, saying which step and why', async () => {
    const [command, args] = node('setTimeout(() => {}, 600000)')
    const run = runWhileProgressing(command, [...args], {
      what: 'an idle step',
      cwd: process.cwd(),
      stallMs: 3_000,
    })
    await expect(run).rejects.toThrow(/^an idle step made no progress \(no CPU time, no output\) for \d+ s/)
  }, 60_000)

  it('reports a failing child with the end of its output', async () => {
    const [command, args] = node('console.error("type error in app/page.tsx"); process.exit(2)')
    const run = runWhileProgressing(command, [...args], { what: 'next build', cwd: process.cwd() })
    await expect(run).rejects.toThrow(
      /^next build failed \(exit 2\) after \d+ s; its output ended with:\ntype error in app\/page\.tsx/,
    )
  })
})
