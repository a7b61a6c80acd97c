/**
 * Which HTTP upgrades become relay sockets: those on the relay's path that carry a valid
 * relay-auth token for its URL (and, when the relay is limited to some projects, one of
 * their ids). Every other upgrade on the path is refused with a JSON body.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { codeForStatus, errorBody } from '../http/errorAnswer.js'
import { RelayAuthError, verifyRelayJwt } from './relayAuth.js'

const trimPath = (path: string) => path.replace(/\/+$/, '') || '/'

/** Answers an upgrade with an HTTP error (the servers' `{ code, message }`) and closes the socket. */
function refuseUpgrade(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify(errorBody(codeForStatus(status), message))
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

/**
 * The `upgrade` listener: `accept` is called with the authenticated client id.
 *
 * @example
 * server.on('upgrade', upgradeHandler({ path, audience, projectIds, onlyListener, accept }))
 */
export function upgradeHandler(options: {
  path: string
  audience: string
  projectIds: ReadonlySet<string> | undefined
  /** Whether no other handler takes upgrades on this server: then another path is a 404. */
  onlyListener: () => boolean
  accept(request: IncomingMessage, socket: Duplex, head: Buffer, clientId: string): void
}) {
  const { path, audience, projectIds } = options
  return (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://relay.invalid')
    if (trimPath(url.pathname) !== trimPath(path)) {
      // Another handler may take it; with none, answer rather than leave the socket hanging.
      if (options.onlyListener())
        refuseUpgrade(socket, 404, 'Not Found', `no WebSocket endpoint at ${url.pathname}`)
      return
    }
    let clientId: string
    try {
      clientId = verifyRelayJwt(url.searchParams.get('auth'), { audience }).clientId
    } catch (error) {
      const message = error instanceof RelayAuthError ? error.message : 'the auth token is not valid'
      return refuseUpgrade(socket, 401, 'Unauthorized', message)
    }
    if (projectIds && !projectIds.has(url.searchParams.get('projectId') ?? ''))
      return refuseUpgrade(socket, 403, 'Forbidden', 'this projectId may not use this relay')
    options.accept(request, socket, head, clientId)
  }
}
