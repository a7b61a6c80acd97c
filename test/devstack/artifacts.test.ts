import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  artifactsPath,
  compileFixtureContracts,
  serializeArtifacts,
} from '../../devstack/contracts/compile.js'

describe('fixture contract artifacts', () => {
  // Start-up never compiles, so the committed artifacts must match the .sol sources.
  it('are current (else run `npx tsx devstack/contracts/compile.ts`)', () => {
    const fresh = serializeArtifacts(compileFixtureContracts())
    expect(fresh === readFileSync(artifactsPath, 'utf8')).toBe(true)
  }, 60_000)
})
