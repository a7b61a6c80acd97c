import { LatchError } from 'latchkit'

/**
 * Thrown by a Latchkit hook or component rendered outside `<LatchProvider>`.
 *
 * @example
 * try { useKernel() } catch (error) { if (error instanceof ProviderMissingError) ... }
 */
export class ProviderMissingError extends LatchError {
  override name = 'ProviderMissingError'
  constructor(hook: string) {
    super(`${hook} must be used inside <LatchProvider>`, {
      code: 'PROVIDER_MISSING',
      details: 'Wrap your app in <LatchProvider kernel={kernel}> (from latchkit/react).',
    })
  }
}
