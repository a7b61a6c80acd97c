/**
 * WalletConnect's Verify API, answered locally. Core 2.21.8's own implementation fetches
 * an attestation (and a public key) from verify.walletconnect.org when a proposal or
 * request arrives; this one makes no request at all and never vouches for an origin, so
 * the engine leaves every dapp's validation UNKNOWN and nothing leaves the machine.
 */
import { IVerify } from '@walletconnect/types'

/**
 * What `resolve` answers: nothing. The engine reads a falsy answer as "no attestation" and
 * keeps `validation: 'UNKNOWN'` with the origin the dapp claims; the interface's type has
 * no such case, hence the cast.
 */
const NO_ATTESTATION = undefined as unknown as { origin: string; isScam?: boolean }

/**
 * Install it on a core before the client starts:
 *
 * @example
 * const core = new Core({ projectId, relayUrl, telemetryEnabled: false, customStoragePrefix })
 * core.verify = new LocalVerify(core, core.logger, core.storage)
 * const client = await SignClient.init({ core, metadata })
 */
export class LocalVerify extends IVerify {
  readonly context = 'local-verify'

  /** A dapp-side call: no attestation is registered anywhere. */
  async register(): Promise<string | undefined> {
    return undefined
  }

  async resolve(): Promise<{ origin: string; isScam?: boolean }> {
    return NO_ATTESTATION
  }
}
