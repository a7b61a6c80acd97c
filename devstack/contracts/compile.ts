/**
 * Compiles the devstack's own contracts (the fixture tokens and NFT, the ENS universal
 * resolver of deploy-ens.ts, and the Farcaster Id Registry of farcaster/idRegistry.ts)
 * with the compiler bundled in npm `solc` and writes `artifacts.json` beside this file. The artifacts are committed, so starting the
 * devstack never compiles; `compile.test.ts` fails when they are stale.
 *
 * Run: `npx tsx devstack/contracts/compile.ts`
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import solc from 'solc'
import type { Abi } from 'viem'
import type { ContractArtifact, FixtureArtifacts } from './artifacts.js'

const require = createRequire(import.meta.url)
const contractsDir = dirname(fileURLToPath(import.meta.url))

/** Where the committed artifacts live. */
export const artifactsPath = join(contractsDir, 'artifacts.json')

const sources = ['FixtureToken', 'FixtureNFT', 'UniversalResolver', 'IdRegistry'] as const

// Pinned so the bytecode does not change when solc's default EVM version moves on.
// bytecodeHash 'none' keeps comment-only edits from changing the bytecode.
const settings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  metadata: { bytecodeHash: 'none' },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
}

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

// Only OpenZeppelin imports are expected; anything else is a mistake in a .sol file.
function findImport(path: string): { contents: string } | { error: string } {
  if (!path.startsWith('@openzeppelin/')) return { error: `unexpected import ${path}` }
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') }
  } catch (error) {
    return { error: `cannot read ${path}: ${(error as Error).message}` }
  }
}

/** Compiles the fixture contracts and returns the artifacts that `artifacts.json` holds. */
export function compileFixtureContracts(): FixtureArtifacts {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      sources.map((name) => [
        `${name}.sol`,
        { content: readFileSync(join(contractsDir, `${name}.sol`), 'utf8') },
      ]),
    ),
    settings,
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  }
  const artifact = (name: (typeof sources)[number]): ContractArtifact => {
    const compiled = output.contracts[`${name}.sol`]?.[name]
    if (!compiled) throw new Error(`solc produced no output for ${name}`)
    return { abi: compiled.abi as Abi, bytecode: `0x${compiled.evm.bytecode.object}` }
  }
  return {
    compiler: solc.version() as string,
    contracts: {
      FixtureToken: artifact('FixtureToken'),
      FixtureNFT: artifact('FixtureNFT'),
      UniversalResolver: artifact('UniversalResolver'),
      IdRegistry: artifact('IdRegistry'),
    },
  }
}

/** The exact text written to `artifacts.json`, so the freshness test can compare bytes. */
export function serializeArtifacts(artifacts: FixtureArtifacts): string {
  return `${JSON.stringify(artifacts, null, 2)}\n`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(artifactsPath, serializeArtifacts(compileFixtureContracts()))
  console.log(`wrote ${artifactsPath}`)
}
