import { describe, expect, it } from 'vitest'
import { summarizeFrames } from '../../bench/frames'

describe('summarizeFrames (the activity scroll row)', () => {
  it('counts a frame that missed a vsync as long, and not the timer wobble around 16.7 ms', () => {
    expect(summarizeFrames([16.6, 16.8, 16.7, 33.4, 17.5])).toEqual({
      frames: 5,
      longFrames: 1,
      longestMs: 33.4,
      medianMs: 16.8,
      totalMs: 101,
    })
  })

  it('reads no frames as none', () => {
    expect(summarizeFrames([])).toEqual({ frames: 0, longFrames: 0, longestMs: 0, medianMs: 0, totalMs: 0 })
  })
})
