/**
 * A host page for the frame's browser test: it plays the widget's side of the protocol by
 * hand (iframe, ready checked by origin and source, MessageChannel, requests by id) and
 * records everything the frame sends, so the test drives the real frame page from outside.
 * A second, foreign-origin page (`foreignPage`) embedded beside it forges messages.
 */

export const frameHostPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>frame host</title></head>
<body>
<script type="module">
const host = {
  ready: false,
  refused: false,
  answers: {},
  events: [],
  forged: [],
  port: undefined,
  iframe: undefined,
  open(frameUrl) {
    const frameOrigin = new URL(frameUrl).origin
    const iframe = document.createElement('iframe')
    iframe.id = 'wallet-frame'
    iframe.title = 'Latchkit embedded wallet'
    iframe.style.cssText = 'width:360px;height:640px;border:0'
    window.addEventListener('message', (event) => {
      if (event.origin === frameOrigin && event.source === iframe.contentWindow) {
        if (event.data?.type === '@latchkit/frame/refused') host.refused = true
        if (event.data?.type !== '@latchkit/frame/ready' || host.port) return
        const channel = new MessageChannel()
        host.port = channel.port1
        channel.port1.onmessage = (message) => {
          const data = message.data
          if (data && typeof data.id === 'string') host.answers[data.id] = data
          else host.events.push(data)
        }
        iframe.contentWindow.postMessage({ type: '@latchkit/frame/connect', version: 1 }, frameOrigin, [channel.port2])
        host.ready = true
      } else if (event.data && event.data.forgedAnswer !== undefined) {
        host.forged.push(event.data.forgedAnswer)
      }
    })
    iframe.src = frameUrl
    document.body.append(iframe)
    host.iframe = iframe
    return true
  },
  request(type, payload) {
    const id = crypto.randomUUID()
    host.port.postMessage({ id, type, payload })
    return id
  },
  abort(requestId) {
    host.port.postMessage({ id: crypto.randomUUID(), type: 'ABORT', payload: { requestId } })
    return true
  },
  logs() {
    return host.events.filter((event) => event.type === 'LOG').map((event) => event.payload.message)
  },
  /** Embeds the foreign page, which forges a connect and a request at the wallet frame. */
  embedForeign(url) {
    const foreign = document.createElement('iframe')
    foreign.src = url
    foreign.style.cssText = 'width:10px;height:10px;border:0'
    document.body.append(foreign)
    return true
  },
  /** This page posts a second connect after the handshake: the frame must ignore it. */
  secondConnect(frameOrigin) {
    const channel = new MessageChannel()
    channel.port1.onmessage = (message) => host.forged.push(message.data)
    host.iframe.contentWindow.postMessage({ type: '@latchkit/frame/connect', version: 1 }, frameOrigin, [channel.port2])
    channel.port1.postMessage({ id: crypto.randomUUID(), type: 'GET_USER', payload: { chainId: 'eip155:31337' } })
    return true
  },
}
window.frameHost = host
</script>
</body></html>`

/** A page on another origin that, embedded beside the wallet frame, forges at it. */
export const foreignPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>forger</title></head>
<body>
<script>
const wallet = parent.frames[0]
const channel = new MessageChannel()
channel.port1.onmessage = (message) => parent.postMessage({ forgedAnswer: message.data }, '*')
wallet.postMessage({ type: '@latchkit/frame/connect', version: 1 }, '*', [channel.port2])
channel.port1.postMessage({ id: crypto.randomUUID(), type: 'GET_USER', payload: { chainId: 'eip155:31337' } })
wallet.postMessage(
  { id: crypto.randomUUID(), type: 'RPC_REQUEST', payload: { chainId: 'eip155:31337', method: 'personal_sign', params: ['0x00', '0x0000000000000000000000000000000000000000'] } },
  '*',
)
</script>
</body></html>`
