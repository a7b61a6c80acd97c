/**
 * The one fake Blockchain API of the widget's tests: nothing leaves the process. Two depths,
 * by what a test is about:
 * - `answerApiRequests(kernel, answer)` replaces `kernel.api.request`: each call a plugin
 *   makes (path, query, method, body) reaches `answer` as it is made, before any URL or
 *   HTTP; the requests are recorded in order.
 * - `apiOverFetch(kernel, fetch)` keeps the kernel's own request code (URLs, parsing, error
 *   mapping, cache; retries off) and answers the requests it sends with `fetch`: what
 *   arrives over the wire is the point. `install: true` puts it in `kernel.api.request`.
 * `jsonResponse` builds an answer for such a fetch.
 *
 * The local API server (devstack/api) is the real one, for the tests of test/server/api.
 */
import type { Kernel } from 'latchkit'
import { createApi } from 'latchkit/internal'
import type { Logger } from '../../src/kernel/logger'

type KernelApi = Kernel['api']

/** The request `kernel.api.request` takes. */
export type ApiRequest = Parameters<KernelApi['request']>[0]

/** A fetch as the kernel's transport calls it. */
export type ApiFetch = (input: string, init: RequestInit) => Promise<Response>

/** One attempt per call: a fake answers at once, and a refusal is the test's point. */
export const NO_RETRY = {
  retries: 0,
  delayMs: 0,
  factor: 1,
  maxDelayMs: 0,
  honorRetryAfter: false,
  maxWaitMs: 0,
}

/** The base URL the fakes answer for. */
export const FAKE_API_URL = 'http://api.test'

/**
 * Replaces `kernel.api.request` with `answer`; returns the requests seen, in order.
 *
 * @example
 * const requests = answerApiRequests(kernel, (request) => ({ quotes: [] }))
 * expect(requests.map((request) => request.path)).toEqual(['v1/convert/quotes'])
 */
export function answerApiRequests<Request = ApiRequest>(
  kernel: Kernel,
  answer: (request: Request) => unknown,
): Request[] {
  const requests: Request[] = []
  kernel.api.request = (async (request: Request) => {
    requests.push(request)
    return answer(request)
  }) as KernelApi['request']
  return requests
}

/**
 * The kernel's own API client for `kernel`'s networks and store, sending to `fetch`
 * (retries off). With `install`, the kernel's requests go through it: only how requests
 * leave changes, the plugins' calls run the kernel's own request code.
 *
 * @example
 * apiOverFetch(kernel, async (input) => jsonResponse({ balances: [] }), { install: true })
 */
export function apiOverFetch(
  kernel: Kernel,
  fetch: ApiFetch,
  options: { install?: boolean; logger?: Logger; sdkType?: string } = {},
): KernelApi {
  const api = createApi({
    blockchainUrl: FAKE_API_URL,
    projectId: 'p',
    sdkType: options.sdkType ?? 'test',
    sdkVersion: '1',
    networks: kernel.networks(),
    logger: options.logger ?? kernel.logger,
    store: kernel.store,
    transport: { retryPolicy: NO_RETRY, fetch },
  })
  if (options.install) kernel.api.request = api.request
  return api
}

/** A JSON answer, as the API sends it. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}
