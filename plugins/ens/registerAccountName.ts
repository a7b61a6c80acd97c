import { type Kernel, signMessage, ValidationError } from 'latchkit'
import { accountInView } from 'latchkit/internal'
import { coinTypeOf } from './coinTypeOf'
import { ensFailure } from './ensFailure'
import { registrationSchema } from './ensSchemas'
import { chainIdOf } from './evmNetworkId'
import { ENS_PLUGIN_ID } from './ids'
import { ensMessages } from './messages'
import { nameRuleProblem } from './nameRule'
import { DEFAULT_ENS_SETTINGS, type EnsState } from './state'

export interface RegisterAccountNameParameters {
  /** The part the visitor chose: `alice` registers `alice.<zone>`. */
  label: string
}

/**
 * Registers `<label>.<zone>` for the EVM account in view: the wallet signs
 * `{"name":"alice.latch.id","attributes":{},"timestamp":<unix seconds>}` (as JSON), then
 * `POST /v1/profile/account` sends it with the account's address and the network's
 * ENSIP-11 coin type, and the names service writes the name on chain before it answers.
 * Emits `ens:registered`, on which the plugin shows the name as the account's
 * `profileName`. Returns the name.
 *
 * Throws, before anything is signed or sent: the name rule's ValidationError
 * (ENS_NAME_RULE, ENS_NAME_TOO_LONG), or ENS_NOT_CONNECTED ('Address or auth connector
 * not found') without an EVM account, its network or the connector that signs. Then
 * ENS_SIGNATURE_DECLINED when the visitor declines, and ENS_REGISTER_FAILED with the
 * API's reason ('alice.latch.id is already registered') or 'Error registering name {name}'.
 *
 * @example
 * const name = await registerAccountName(kernel, { label: 'alice' }) // 'alice.latch.id'
 */
export async function registerAccountName(
  kernel: Kernel,
  { label }: RegisterAccountNameParameters,
): Promise<string> {
  const typed = label.trim()
  const problem = nameRuleProblem(typed)
  if (problem) throw new ValidationError(ensMessages[problem], { code: problem })
  const { namespace, address, network } = accountInView(kernel)
  const connectorId = namespace ? kernel.getState().connectorIds[namespace] : undefined
  if (namespace !== 'eip155' || !address || !network || !connectorId || !kernel.connectors.get(connectorId)) {
    throw new ValidationError(ensMessages.ENS_NOT_CONNECTED, { code: 'ENS_NOT_CONNECTED' })
  }
  const { zone } = kernel.pluginState<EnsState>(ENS_PLUGIN_ID)?.settings ?? DEFAULT_ENS_SETTINGS
  const name = `${typed.toLowerCase()}.${zone}`
  const coinType = coinTypeOf(chainIdOf(network.caipNetworkId))
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  try {
    const signature = await signMessage(kernel, { message, namespace })
    await kernel.api.request({
      method: 'POST',
      path: 'v1/profile/account',
      body: { coin_type: coinType, address, message, signature },
      chainId: network.caipNetworkId,
      schema: registrationSchema,
      endpoint: 'POST /v1/profile/account',
    })
  } catch (error) {
    throw ensFailure('ENS_REGISTER_FAILED', error, { name })
  }
  kernel.bus.emit('ens:registered', { name, address, caipNetworkId: network.caipNetworkId })
  return name
}
