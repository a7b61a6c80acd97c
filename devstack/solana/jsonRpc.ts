/**
 * The JSON-RPC 2.0 envelope: parses a request body (one call or a batch), checks each
 * call's shape and answers with a result or an error object, never by throwing.
 */
import * as z from 'zod/mini'
import { stringifyJson } from './json.js'
import { JsonRpcError, rpcErrorCodes } from './jsonRpcError.js'

const envelopeSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  method: z.string().check(z.minLength(1)),
  params: z.optional(z.unknown()),
})

export type JsonRpcCall = z.output<typeof envelopeSchema>
export type JsonRpcResponse = {
  jsonrpc: '2.0'
  id: string | number | null
  result?: unknown
  error?: ReturnType<JsonRpcError['toJSON']>
}

/** What a call is dispatched to: the method's result, or a thrown JsonRpcError. */
export type Dispatch = (call: JsonRpcCall) => unknown

/** The first issues of a zod failure, written `0.encoding: ...` like a path in params. */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ')
}

function failure(id: JsonRpcResponse['id'], error: unknown): JsonRpcResponse {
  const rpcError =
    error instanceof JsonRpcError
      ? error
      : new JsonRpcError(
          rpcErrorCodes.INTERNAL_ERROR,
          `Internal error: ${(error as Error)?.message ?? String(error)}`,
        )
  return { jsonrpc: '2.0', id, error: rpcError.toJSON() }
}

function answer(raw: unknown, dispatch: Dispatch): JsonRpcResponse | undefined {
  const parsed = z.safeParse(envelopeSchema, raw)
  if (!parsed.success) {
    const id = (raw as { id?: unknown })?.id
    return failure(
      typeof id === 'string' || typeof id === 'number' ? id : null,
      new JsonRpcError(rpcErrorCodes.INVALID_REQUEST, `Invalid request: ${describeIssues(parsed.error)}`),
    )
  }
  const call = parsed.data
  try {
    const result = dispatch(call)
    // A call without an id is a notification: it gets no answer.
    return call.id === undefined ? undefined : { jsonrpc: '2.0', id: call.id, result }
  } catch (error) {
    return call.id === undefined ? undefined : failure(call.id, error)
  }
}

/**
 * Answers a request body: the JSON text to send back, or undefined when nothing is owed
 * (only notifications).
 *
 * @example
 * const text = handleJsonRpc('{"jsonrpc":"2.0","id":1,"method":"getSlot"}', dispatch)
 */
export function handleJsonRpc(body: string, dispatch: Dispatch): string | undefined {
  let raw: unknown
  try {
    raw = JSON.parse(body)
  } catch {
    return stringifyJson(failure(null, new JsonRpcError(rpcErrorCodes.PARSE_ERROR, 'Parse error')))
  }
  if (Array.isArray(raw)) {
    if (raw.length === 0) {
      return stringifyJson(
        failure(null, new JsonRpcError(rpcErrorCodes.INVALID_REQUEST, 'Invalid request: empty batch')),
      )
    }
    const answers = raw.map((item) => answer(item, dispatch)).filter((item) => item !== undefined)
    return answers.length > 0 ? stringifyJson(answers) : undefined
  }
  const single = answer(raw, dispatch)
  return single ? stringifyJson(single) : undefined
}
