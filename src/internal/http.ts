/**
 * latchkit/internal/http: the kernel's fetch wrapper and retry loop, for plugin and
 * adapter authors who talk to a server or a node. UNSTABLE, like `latchkit/internal`.
 * It is an entry of its own so that code a page runs at start-up, which imports
 * `latchkit/internal`, does not carry the HTTP client into the start-up chunks: import
 * it from code that loads when it is needed.
 *
 * @example
 * import { createHttpClient, requestRetryPolicy, withRetry } from 'latchkit/internal/http'
 *
 * const http = createHttpClient({ baseUrl: 'https://api.example.com', timeoutMs: 10_000 })
 * const answer = await withRetry(() => http.get('/v1/status'), requestRetryPolicy)
 */

export type {
  HttpClient,
  HttpClientOptions,
  HttpErrorData,
  HttpMethod,
  HttpRequestOptions,
  Query,
  QueryValue,
} from '../kernel/http'
export { createHttpClient, parseRetryAfter } from '../kernel/http'
export type { RetryPolicy, Sleep, WithRetryOptions } from '../kernel/retry'
export {
  genericRetryPolicy,
  isRetryableError,
  queryRetryPolicy,
  requestRetryPolicy,
  retryAfterOf,
  retryableHttpStatuses,
  retryableRpcCodes,
  retryDelay,
  withRetry,
} from '../kernel/retry'
