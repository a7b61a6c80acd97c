import type { RegistryWallet } from 'latchkit'
import { describe, expect, it, vi } from 'vitest'
import { localVerify } from '../../../plugins/walletconnect/localVerify'
import {
  optionalNamespaces,
  sessionAccounts,
  sessionNamespaces,
} from '../../../plugins/walletconnect/namespaces'
import { checkOptions } from '../../../plugins/walletconnect/options'
import { isMobileDevice, walletLink, walletLinksFor } from '../../../plugins/walletconnect/walletLinks'
import { localnet, othernet } from '../helpers'

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000000'

const wallet: RegistryWallet = {
  id: 'a'.repeat(64),
  name: 'Amber Wallet',
  mobile_link: 'amberwallet://',
  desktop_link: 'https://amber.example/desktop/',
  webapp_link: 'https://app.amber.example',
}

describe('wallet links', () => {
  it('attaches the URI the way wallets read it: /wc?uri= on a universal link, scheme://wc?uri= on a custom scheme', () => {
    const encoded = encodeURIComponent(URI)
    expect(walletLink('https://amber.example/desktop/', URI)).toBe(
      `https://amber.example/desktop/wc?uri=${encoded}`,
    )
    expect(walletLink('amberwallet://', URI)).toBe(`amberwallet://wc?uri=${encoded}`)
    expect(walletLink('amberwallet:', URI)).toBe(`amberwallet://wc?uri=${encoded}`)
    expect(
      decodeURIComponent(new URL(walletLink('https://x.example', URI)).searchParams.get('uri') ?? ''),
    ).toBe(URI)
  })

  it('offers the mobile link on a phone, the desktop link elsewhere, and the web app on both', () => {
    expect(walletLinksFor(wallet, URI, true).app?.startsWith('amberwallet://wc?uri=')).toBe(true)
    expect(walletLinksFor(wallet, URI, false).app?.startsWith('https://amber.example/desktop/wc?uri=')).toBe(
      true,
    )
    expect(walletLinksFor(wallet, URI, false).web?.startsWith('https://app.amber.example/wc?uri=')).toBe(true)
    expect(walletLinksFor(undefined, URI, false)).toEqual({})
  })

  it('never offers a javascript:, data: or file: link from the registry', () => {
    const hostile = {
      ...wallet,
      mobile_link: 'javascript:alert(1)',
      desktop_link: 'data:text/html,x',
      webapp_link: 'javascript://x',
    }
    expect(walletLinksFor(hostile, URI, true)).toEqual({})
    expect(walletLinksFor(hostile, URI, false)).toEqual({})
  })

  it('tells phones from desktops by user agent', () => {
    expect(isMobileDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true)
    expect(isMobileDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile')).toBe(true)
    expect(isMobileDevice('Mozilla/5.0 (X11; Linux x86_64) Chrome/120')).toBe(false)
  })
})

describe('namespaces', () => {
  it('asks for every configured chain of each family as optional, none as required', () => {
    const solanaNet = {
      ...localnet,
      id: 'EtWTRABZaYq6iMfeYKouRu7UDzi2yBCd',
      chainNamespace: 'solana' as const,
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu7UDzi2yBCd' as const,
    }
    const namespaces = optionalNamespaces([localnet, othernet, solanaNet])
    expect(namespaces.eip155?.chains).toEqual(['eip155:31337', 'eip155:31338'])
    expect(namespaces.eip155?.methods).toContain('personal_sign')
    expect(namespaces.eip155?.events).toEqual(['accountsChanged', 'chainChanged'])
    expect(namespaces.solana?.chains).toEqual(['solana:EtWTRABZaYq6iMfeYKouRu7UDzi2yBCd'])
    expect(namespaces.solana?.methods).toContain('solana_signAndSendTransaction')
  })

  it("reads a session's accounts on the preferred chain when approved, else the wallet's first, and ignores malformed ids", () => {
    const namespaces = {
      eip155: {
        accounts: ['eip155:31338:0xB', 'eip155:31337:0xA', 'not an account', 'solana:x:y'],
        methods: [],
        events: [],
      },
    }
    expect(sessionAccounts(namespaces, 'eip155', 'eip155:31337')).toEqual({
      accounts: [{ address: '0xA', type: 'eoa' }],
      chain: 'eip155:31337',
    })
    expect(sessionAccounts(namespaces, 'eip155', 'eip155:1')?.chain).toBe('eip155:31338')
    expect(sessionAccounts(namespaces, 'solana')).toBeUndefined()
  })

  it("gives a session's namespaces as the SDK reports them, and none without a session", () => {
    const namespaces = {
      eip155: {
        chains: ['eip155:31337'],
        accounts: ['eip155:31337:0xA'],
        methods: ['personal_sign'],
        events: [],
      },
    }
    expect(sessionNamespaces({ namespaces })).toBe(namespaces)
    expect(sessionNamespaces(undefined)).toEqual({})
    expect(sessionAccounts(sessionNamespaces(undefined), 'eip155')).toBeUndefined()
  })
})

describe('Verify, replaced', () => {
  const core = { logger: { warn: vi.fn() }, storage: {} } as never

  it('attests nothing and asks nobody without an attestation function', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await expect(localVerify(core).register({ id: '1', decryptedId: '2' })).resolves.toBeUndefined()
    await expect(localVerify(core).resolve({})).rejects.toThrow('No Verify service configured')
    expect(fetchSpy).not.toHaveBeenCalled()
    fetchSpy.mockRestore()
  })

  it("passes the message ids to the integrator's attestation, and a failing one never blocks the message", async () => {
    const attestation = vi.fn(async () => 'attestation-id')
    await expect(localVerify(core, attestation).register({ id: '1', decryptedId: '2' })).resolves.toBe(
      'attestation-id',
    )
    expect(attestation).toHaveBeenCalledWith({ id: '1', decryptedId: '2' })
    const failing = vi.fn(async () => {
      throw new Error('attestation service down')
    })
    await expect(localVerify(core, failing).register({ id: '1', decryptedId: '2' })).resolves.toBeUndefined()
  })
})

describe('options', () => {
  it('needs a ws:// or wss:// relay URL and names what is wrong', () => {
    expect(() => checkOptions({ relayUrl: 'wss://relay.example/relay' })).not.toThrow()
    expect(() => checkOptions({ relayUrl: 'https://relay.example' })).toThrow(/Invalid walletConnect options/)
    expect(() => checkOptions({ relayUrl: 'wss://relay.example', storagePrefix: 'a b' })).toThrow(
      expect.objectContaining({ details: expect.stringContaining('storagePrefix') }),
    )
  })
})
