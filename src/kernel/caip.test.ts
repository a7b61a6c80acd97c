import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip'
import { ValidationError } from './errors'

const namespace = fc.stringMatching(/^[-a-z0-9]{3,8}$/)
const reference = fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)
const accountAddress = fc.stringMatching(/^[-.%a-zA-Z0-9]{1,128}$/)

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return (error as ValidationError).code
  }
  return undefined
}

describe('CAIP-2 network ids', () => {
  it('parses real ids', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(parseCaipNetworkId('bip122:000000000019d6689c085ae165831e93').namespace).toBe('bip122')
  })

  it('round-trips parse and format for every well-formed id', () => {
    fc.assert(
      fc.property(namespace, reference, (ns, ref) => {
        const id = formatCaipNetworkId({ namespace: ns, reference: ref })
        expect(id).toBe(`${ns}:${ref}`)
        expect(isCaipNetworkId(id)).toBe(true)
        expect(parseCaipNetworkId(id)).toEqual({ namespace: ns, reference: ref })
      }),
    )
  })

  it("rejects malformed ids with 'Invalid CAIP-2 network id'", () => {
    const bad = [
      '',
      'eip155',
      'eip155:',
      ':1',
      'ei:1',
      'eip155abc:1',
      'EIP155:1',
      'eip155:1:2',
      'eip155:1 ',
      'eip155:a.b',
      `eip155:${'a'.repeat(33)}`,
      'eip_155:1',
    ]
    for (const id of bad) {
      expect(isCaipNetworkId(id)).toBe(false)
      expect(codeOf(() => parseCaipNetworkId(id))).toBe('INVALID_CAIP2_NETWORK_ID')
    }
    expect(() => parseCaipNetworkId('x')).toThrow('Invalid CAIP-2 network id')
    expect(codeOf(() => formatCaipNetworkId({ namespace: 'EVM', reference: '1' }))).toBe(
      'INVALID_CAIP2_NETWORK_ID',
    )
    expect(isCaipNetworkId(1)).toBe(false)
  })

  it('rejects any id with a character outside the grammar', () => {
    const outside = fc.constantFrom(':', ' ', '/', '.', '#', 'é', '\n')
    fc.assert(
      fc.property(namespace, reference, outside, fc.nat(), (ns, ref, char, at) => {
        const id = `${ns}:${ref}`
        const pos = at % (id.length + 1)
        const broken = id.slice(0, pos) + char + id.slice(pos)
        return !isCaipNetworkId(broken)
      }),
    )
  })
})

describe('CAIP-10 addresses', () => {
  it('parses a real account id', () => {
    expect(parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
      caipNetworkId: 'eip155:1',
    })
  })

  it('round-trips parse and format for every well-formed account id', () => {
    fc.assert(
      fc.property(namespace, reference, accountAddress, (ns, ref, address) => {
        const fromId = formatCaipAddress(`${ns}:${ref}`, address)
        const fromParts = formatCaipAddress({ namespace: ns, reference: ref }, address)
        expect(fromId).toBe(`${ns}:${ref}:${address}`)
        expect(fromParts).toBe(fromId)
        expect(isCaipAddress(fromId)).toBe(true)
        expect(parseCaipAddress(fromId)).toEqual({
          namespace: ns,
          reference: ref,
          address,
          caipNetworkId: `${ns}:${ref}`,
        })
      }),
    )
  })

  it("rejects malformed account ids with 'Invalid CAIP-10 address'", () => {
    const bad = [
      '',
      'eip155:1',
      'eip155:1:',
      'eip155::0xabc',
      'EIP155:1:0xabc',
      'eip155:1:0xabc:extra',
      'eip155:1:0x abc',
      `eip155:1:${'a'.repeat(129)}`,
      'e:1:0xabc',
    ]
    for (const id of bad) {
      expect(isCaipAddress(id)).toBe(false)
      expect(codeOf(() => parseCaipAddress(id))).toBe('INVALID_CAIP10_ADDRESS')
    }
    expect(() => parseCaipAddress('nope')).toThrow('Invalid CAIP-10 address')
    expect(codeOf(() => formatCaipAddress('eip155:1', ''))).toBe('INVALID_CAIP10_ADDRESS')
    expect(codeOf(() => formatCaipAddress('eip155:1', 'a:b'))).toBe('INVALID_CAIP10_ADDRESS')
  })
})
