/**
 * Sends one API request: identification added, fetch with a per-attempt timeout, the
 * request retry policy with Retry-After honoured within one overall deadline, and the
 * answer parsed with the caller's schema. Loaded on the first request (see createApi.ts).
 */
import type * as z from 'zod/mini'
import { createHttpClient, type Query } from '../http'
import type { Logger } from '../logger'
import { type RetryPolicy, requestRetryPolicy, type Sleep, withRetry } from '../retry'
import { parseWith } from '../validation'
import type { ApiRequest } from './apiTypes'

/** How long one attempt may take before it fails with a TimeoutError (and is retried). */
export const API_TIMEOUT_MS = 10_000
/** How long a call may take, every attempt and wait included, before it fails with a TimeoutError. */
export const API_DEADLINE_MS = 15_000

/** What tests may replace in how requests are sent. */
export interface ApiTransportOptions {
  fetch?: (input: string, init: RequestInit) => Promise<Response>
  retryPolicy?: RetryPolicy
  sleep?: Sleep
  timeoutMs?: number
  now?: () => number
}

export interface SendApiRequestContext extends ApiTransportOptions {
  baseUrl: string
  endpoint: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  identification: { projectId: string; sdkType: string; sdkVersion: string; clientId?: string }
  logger: Logger
  /** The overall deadline of the call; default {@link API_DEADLINE_MS}. */
  deadlineMs?: number
}

/**
 * @example
 * const answer = await sendApiRequest({ path: 'v1/supported-chains', schema }, context)
 */
export async function sendApiRequest<S extends z.core.$ZodType>(
  call: ApiRequest<S, unknown>,
  context: SendApiRequestContext,
): Promise<z.output<S>> {
  const { method, endpoint, identification, logger } = context
  const http = createHttpClient({
    baseUrl: context.baseUrl,
    clientId: identification.clientId,
    fetch: context.fetch,
    timeoutMs: context.timeoutMs ?? API_TIMEOUT_MS,
    now: context.now,
  })
  // st, sv and projectId on every GET; POSTs carry projectId, which the server needs to
  // authorise them.
  const query: Query =
    method === 'GET'
      ? {
          ...call.query,
          projectId: identification.projectId,
          st: identification.sdkType,
          sv: identification.sdkVersion,
        }
      : { ...call.query, projectId: identification.projectId }
  const raw = await withRetry(
    (_attempt, signal) =>
      http.request(method, call.path, {
        query,
        body: call.body,
        signal,
        cache: call.cache === 'no-cache' ? 'no-cache' : undefined,
      }),
    context.retryPolicy ?? requestRetryPolicy,
    {
      signal: call.signal,
      deadlineMs: context.deadlineMs ?? API_DEADLINE_MS,
      sleep: context.sleep,
      onRetry: ({ attempt, delayMs, error }) =>
        logger.debug(`${endpoint}: retry ${attempt} in ${delayMs} ms`, error),
    },
  )
  return parseWith(call.schema, raw, endpoint)
}
