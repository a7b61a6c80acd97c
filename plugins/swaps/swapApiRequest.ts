import { type ApiRequest, HttpError, type Kernel, LatchError, ValidationError } from 'latchkit'
import type * as z from 'zod/mini'
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
 * One swap API call through `kernel.api.request`; a refusal the form explains (by the
 * code of the API's JSON error) is thrown as a ValidationError named by that code, any
 * other failure as it came.
 *
 * @example
 * const { allowance } = await swapApiRequest(kernel, { path: 'v1/convert/allowance', query, schema })
 */
export async function swapApiRequest<S extends z.core.$ZodType>(
  kernel: Kernel,
  request: ApiRequest<S>,
): Promise<z.output<S>> {
  try {
    return await kernel.api.request(request)
  } catch (error) {
    throw swapApiError(error)
  }
}

/** A ValidationError named by the API's code when it is one the form explains, otherwise `error`. */
function swapApiError(error: unknown): unknown {
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
