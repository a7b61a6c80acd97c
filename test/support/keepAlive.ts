/**
 * Two requests through one keep-alive agent that holds at most one socket, as a browser or
 * a Node client reuses a connection: what answering (or refusing) the first leaves for the
 * second. A server that answers keep-alive and then closes the socket makes the second
 * request fail with a closed socket; one that answers `Connection: close` makes the agent
 * open a new one.
 */
import { Agent, request } from 'node:http'

export type AgentAnswer = {
  status: number
  /** Lower-case header names, as Node gives them. */
  headers: Record<string, string | string[] | undefined>
  body: string
  /** Which socket of the agent carried it: 1 for the first one opened, 2 for the next. */
  socket: number
}

export type AgentRequest = {
  method?: 'GET' | 'POST'
  path: string
  body?: string | Buffer
  headers?: Record<string, string>
}

/** A body of `bytes` bytes of JSON (`{"pad":"xxx..."}`), too large for every service's limit at 2 MiB. */
export function paddedJson(bytes = 2 * 1024 * 1024): Buffer {
  const head = '{"pad":"'
  return Buffer.from(`${head}${'x'.repeat(bytes - head.length - 2)}"}`)
}

/**
 * Sends `requests` one after the other through one keep-alive agent (one socket at most)
 * and returns each answer; a request that fails (a socket closed under it) rejects.
 *
 * @example
 * const [refused, next] = await throughOneAgent(url, [
 *   { method: 'POST', path: '/v1/email/start', body: paddedJson() },
 *   { path: '/projects/v1/origins?projectId=demo' },
 * ])
 */
export async function throughOneAgent<const R extends readonly AgentRequest[]>(
  url: string,
  requests: R,
): Promise<{ [K in keyof R]: AgentAnswer }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const sockets = new WeakMap<object, number>()
  let opened = 0
  const { hostname, port } = new URL(url)
  const send = (one: AgentRequest) =>
    new Promise<AgentAnswer>((resolve, reject) => {
      let socket = 0
      const outgoing = request(
        {
          host: hostname,
          port,
          path: one.path,
          method: one.method ?? 'GET',
          agent,
          headers: { ...(one.body !== undefined && { 'content-type': 'application/json' }), ...one.headers },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('error', reject)
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              socket,
            }),
          )
        },
      )
      outgoing.on('socket', (used) => {
        if (!sockets.has(used)) sockets.set(used, ++opened)
        socket = sockets.get(used) ?? 0
      })
      outgoing.on('error', reject)
      outgoing.end(one.body)
    })
  try {
    const answers: AgentAnswer[] = []
    for (const one of requests) answers.push(await send(one))
    return answers as { [K in keyof R]: AgentAnswer }
  } finally {
    agent.destroy()
  }
}
