import { median, round1 } from './stats'

/** One frame at 60 Hz, ms: a frame that takes longer shows late. */
export const FRAME_BUDGET_MS = 1000 / 60

/**
 * Frame intervals say a frame was long when it outlasted the budget by more than this:
 * requestAnimationFrame's timestamps wobble by a fraction of a millisecond around 16.7 ms
 * even when nothing runs, and a frame that was held up arrives a whole vsync late.
 */
const JITTER_MS = 1

export interface FrameSummary {
  frames: number
  /** Frames longer than {@link FRAME_BUDGET_MS}. */
  longFrames: number
  longestMs: number
  medianMs: number
  /** All frames together: how long the scroll took. */
  totalMs: number
}

/**
 * The figures of a run of frames, from the time between consecutive animation frames.
 *
 * @example
 * summarizeFrames([16.7, 16.6, 33.4]) // { frames: 3, longFrames: 1, longestMs: 33.4, medianMs: 16.7, totalMs: 66.7 }
 */
export function summarizeFrames(intervals: readonly number[]): FrameSummary {
  return {
    frames: intervals.length,
    longFrames: intervals.filter((interval) => interval > FRAME_BUDGET_MS + JITTER_MS).length,
    longestMs: round1(Math.max(0, ...intervals)),
    medianMs: round1(median(intervals) ?? 0),
    totalMs: round1(intervals.reduce((sum, interval) => sum + interval, 0)),
  }
}
