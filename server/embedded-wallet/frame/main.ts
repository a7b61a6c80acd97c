/**
 * The frame page's script (bundled into `/frame/frame.js` by assets.ts): reads its query
 * and the embedding page's origin, checks the origin against the project's allowed
 * origins, does the handshake, and serves the widget's requests on the port.
 */
import { createFrameHandlers, type FrameState, SESSION_TOKEN_ENTRY } from './frameHandlers.js'
import { readFrameParams } from './frameParams.js'
import { openFrameStorage } from './keys/frameStorage.js'
import { handshake, readParentOrigin } from './protocol/handshake.js'
import type { FrameEvent } from './protocol/messages.js'
import { servePort } from './protocol/portServer.js'
import { installStyles } from './screens/theme.js'
import { createServiceClient, ServiceRequestError } from './serviceClient.js'

const DEVICE_ID_ENTRY = 'deviceId'

async function startFrame(): Promise<void> {
  installStyles(document)
  const root =
    document.getElementById('latchkit-frame') ?? document.body.appendChild(document.createElement('div'))
  const params = readFrameParams(location.search)
  const parentOrigin = readParentOrigin(window)
  if (!params || !parentOrigin) {
    root.textContent = 'This page is part of an app: open the app instead.'
    return
  }
  let emit: ((event: FrameEvent) => void) | undefined
  const log = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => {
    if (!params.enableLogger) return
    if (emit) emit({ type: 'LOG', payload: { level, message: message.slice(0, 2000) } })
    else console[level](`[latchkit frame] ${message}`)
  }

  const storage = await openFrameStorage()
  let deviceId = await storage.get<string>(DEVICE_ID_ENTRY)
  if (typeof deviceId !== 'string') {
    deviceId = crypto.randomUUID()
    await storage.set(DEVICE_ID_ENTRY, deviceId)
  }
  const token = await storage.get<string>(SESSION_TOKEN_ENTRY)
  const state: FrameState = {
    deviceId,
    token: typeof token === 'string' ? token : undefined,
    chainId: params.chainId,
  }
  const service = createServiceClient({ token: () => state.token, deviceId: () => state.deviceId })

  let originAllowed: boolean
  try {
    originAllowed = (await service.origins(params.projectId)).allowedOrigins.includes(parentOrigin)
  } catch (error) {
    log('error', `allowed origins: ${error instanceof Error ? error.message : 'failed'}`)
    // An unknown project is a configuration the app must fix: refused. A service that did
    // not answer says nothing: the widget's load timeout reports the network error.
    if (!(error instanceof ServiceRequestError && error.status === 404)) return
    originAllowed = false
  }
  const port = await handshake({
    window,
    parentOrigin,
    originAllowed,
    log: (message) => log('warn', message),
  })
  if (!port) return
  const server = servePort(
    port,
    createFrameHandlers({
      projectId: params.projectId,
      parentOrigin,
      document,
      root,
      storage,
      service,
      state,
      emit: (event) => server.emit(event),
      log,
    }),
    (message) => log('warn', message),
  )
  emit = server.emit
}

startFrame().catch((error: unknown) => {
  console.error('[latchkit frame] failed to start', error)
})
