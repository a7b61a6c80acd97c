import type { SignClient } from '@walletconnect/sign-client'
import type { WalletConnectMetadata, WalletConnectOptions } from './options'

/** The SDK's client, as the plugin uses it. */
export type WalletConnectClient = InstanceType<typeof SignClient>

export interface ClientSettings extends Omit<WalletConnectOptions, 'metadata' | 'projectId'> {
  projectId: string
  metadata: WalletConnectMetadata
}

/**
 * Loads the WalletConnect SDK (about 140 KB gzip, so only when a visitor first pairs or a
 * stored session is restored) and starts a client on the given relay with telemetry off,
 * its own storage prefix and the local Verify (localVerify.ts), so nothing is sent
 * anywhere but the relay.
 *
 * @example
 * const client = await createSignClient({ relayUrl: 'wss://relay.example/relay', projectId: 'app', metadata })
 */
export async function createSignClient(settings: ClientSettings): Promise<WalletConnectClient> {
  const [{ SignClient }, { Core }, { localVerify }, { dropOrphanedAnswers }] = await Promise.all([
    import('@walletconnect/sign-client'),
    import('@walletconnect/core'),
    import('./localVerify'),
    import('./dropOrphanedAnswers'),
  ])
  const core = new Core({
    projectId: settings.projectId,
    relayUrl: settings.relayUrl,
    customStoragePrefix: settings.storagePrefix ?? 'latchkit',
    telemetryEnabled: false,
    logger: 'error',
  })
  core.verify = localVerify(core, settings.attestation)
  const client = await SignClient.init({
    core,
    metadata: {
      name: settings.metadata.name,
      description: settings.metadata.description ?? '',
      url: settings.metadata.url ?? (typeof location === 'undefined' ? '' : location.origin),
      icons: settings.metadata.icons ?? [],
    },
    telemetryEnabled: false,
  })
  dropOrphanedAnswers(client)
  return client
}
