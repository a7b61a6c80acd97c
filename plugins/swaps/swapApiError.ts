import { HttpError, LatchError, ValidationError } from 'latchkit'
import { type SwapsMessageCode, swapsMessages } from './messages'

/**
 * The swap API's refusals that mean something to the visitor, by the `code` its JSON
 * error carries: each becomes a ValidationError with our message for that code, so the
 * form can say 'Insufficient liquidity for this trade' rather than 'HTTP status code: 422'.
 */
const KNOWN: readonly SwapsMessageCode[] = [
  'INSUFFICIENT_LIQUIDITY',
  'SLIPPAGE_EXCEEDED',
  'SWAPS_UNSUPPORTED_NETWORK',
  'GAS_PRICE_UNSUPPORTED_NETWORK',
]

/**
 * The error to raise for a failed swap API call: a ValidationError named by the API's code
 * when it is one the form explains, otherwise the error as it came.
 *
 * @example
 * try { await kernel.api.request(...) } catch (error) { throw swapApiError(error) }
 */
export function swapApiError(error: unknown): unknown {
  const http = findHttpError(error)
  const body =
    http?.data && typeof http.data === 'object' ? (http.data as { body?: unknown }).body : undefined
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined
  if (typeof code === 'string' && (KNOWN as readonly string[]).includes(code)) {
    return new ValidationError(swapsMessages[code as SwapsMessageCode], { code, cause: error })
  }
  return error
}

function findHttpError(error: unknown): HttpError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof HttpError) return current
    current = current instanceof LatchError || current instanceof Error ? current.cause : undefined
  }
  return undefined
}
