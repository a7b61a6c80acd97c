/**
 * Reads the committed fixture contract artifacts (`artifacts.json`, written by compile.ts).
 * Read at run time rather than imported as JSON so it works the same under tsx, vitest
 * and plain Node without import attributes.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Abi, Hex } from 'viem'

export type ContractArtifact = { abi: Abi; bytecode: Hex }

export type FixtureArtifacts = {
  compiler: string
  contracts: {
    FixtureToken: ContractArtifact
    FixtureNFT: ContractArtifact
    UniversalResolver: ContractArtifact
    IdRegistry: ContractArtifact
  }
}

const artifactsUrl = new URL('./artifacts.json', import.meta.url)

/** The artifacts plus a short hash of their bytes, used to key the anvil state cache. */
export function loadFixtureArtifacts(): { artifacts: FixtureArtifacts; hash: string } {
  const text = readFileSync(artifactsUrl, 'utf8')
  return {
    artifacts: JSON.parse(text) as FixtureArtifacts,
    hash: createHash('sha256').update(text).digest('hex').slice(0, 16),
  }
}
