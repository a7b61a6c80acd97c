import type { ICore, IVerify } from '@walletconnect/types'

/**
 * The SDK's Verify API, replaced. The SDK's own (core 2.21.8) loads a frame from
 * verify.walletconnect.org for every proposal and request in a browser, and waits up to
 * 5 s for it before the pairing URI appears and again before each request is sent; on the
 * wallet side it fetches attestations from there. This one does neither: it asks the
 * integrator's `attestation` function when there is one and otherwise attests nothing,
 * and it resolves no attestation, so wallets see the origin as unverified. Installed on
 * `core.verify`, the member the SDK's public `ICore` type declares for it.
 *
 * @example
 * core.verify = localVerify(core)
 */
export function localVerify(
  core: ICore,
  attestation?: (message: { id: string; decryptedId: string }) => Promise<string | undefined>,
): IVerify {
  const verify = {
    core,
    logger: core.logger,
    store: core.storage,
    context: 'latchkit-verify',
    async register(message: { id: string; decryptedId: string }): Promise<string | undefined> {
      if (!attestation) return undefined
      try {
        return await attestation(message)
      } catch (error) {
        // An attestation that fails must not stop the proposal or request it was for.
        core.logger.warn(error)
        return undefined
      }
    },
    async resolve(): Promise<{ origin: string; isScam?: boolean }> {
      // No attestation service to ask: the SDK then reports the origin as UNKNOWN.
      throw new Error('No Verify service configured')
    },
  }
  return verify as unknown as IVerify
}
