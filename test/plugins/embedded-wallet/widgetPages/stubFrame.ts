/**
 * A stand-in for the embedded wallet's frame page that speaks the widget side of the
 * frame protocol (handshake, channel, answers and events) and nothing else: no keys, no
 * service. The real frame is helper code under server/embedded-wallet/frame; this one
 * lets the widget's frame client be tested on its own. Its behaviour is chosen by the
 * `projectId` the client loads it with:
 * - `silent`: never ready (load timeout); `refuse`: refuses the parent's origin;
 * - `badshape`: first posts a ready message of the wrong version, then a good one;
 * - anything else: ready at once.
 * Requests: IS_CONNECTED true; CONNECT_EMAIL VERIFY_OTP; CONNECT_DEVICE never answered;
 * CONNECT_OTP '000000' fails with 'Invalid code', '111111' fails with no message, others
 * CONNECT; GET_USER a fixed user (with an extra field for projectId `badanswer`);
 * RPC_REQUEST eth_blockNumber 0x10, personal_sign waits for the person's Approve or
 * Reject drawn in the frame (FRAME_SHOW, then FRAME_HIDE), any other method 'Requested
 * RPC call is not allowed'; ABORT ends a waiting approval. What it received is in
 * `window.stubLog`.
 */
export const stubFrameScript = `
const parentOrigin = location.ancestorOrigins[0]
const mode = new URLSearchParams(location.search).get('projectId')
const log = (window.stubLog = [])
let port
const waiting = new Map()
const answer = (id, type, payload) => port.postMessage({ id, type, payload })
const hide = () => { document.getElementById('approval').hidden = true; port.postMessage({ type: 'FRAME_HIDE' }) }
window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.origin !== parentOrigin) { log.push(['ignored', event.origin]); return }
  if (port || event.data?.type !== '@latchkit/frame/connect' || event.data?.version !== 1 || event.ports.length !== 1) { log.push(['bad-connect']); return }
  port = event.ports[0]
  log.push(['connect', Date.now()])
  port.onmessage = (message) => handle(message.data)
})
function handle({ id, type, payload }) {
  log.push(['request', type, id, Date.now(), payload])
  switch (type) {
    case 'IS_CONNECTED': return answer(id, 'IS_CONNECTED_SUCCESS', { isConnected: true })
    case 'CONNECT_EMAIL': return answer(id, 'CONNECT_EMAIL_SUCCESS', { action: 'VERIFY_OTP' })
    case 'CONNECT_DEVICE': return
    case 'CONNECT_OTP':
      if (payload.otp === '000000') return answer(id, 'CONNECT_OTP_ERROR', { message: 'Invalid code' })
      if (payload.otp === '111111') return answer(id, 'CONNECT_OTP_ERROR', {})
      return answer(id, 'CONNECT_OTP_SUCCESS', { action: 'CONNECT' })
    case 'GET_USER': {
      const user = { email: 'ada@example.com', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: payload.chainId,
        accounts: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' }], preferredAccountType: 'eoa', smartAccountDeployed: false }
      return answer(id, 'GET_USER_SUCCESS', mode === 'badanswer' ? { ...user, privateKey: '0x1' } : user)
    }
    case 'RPC_REQUEST':
      if (payload.method === 'eth_blockNumber') return answer(id, 'RPC_REQUEST_SUCCESS', { result: '0x10' })
      if (payload.method === 'personal_sign') {
        waiting.set(id, true)
        document.getElementById('approval').hidden = false
        document.getElementById('approve').onclick = () => { waiting.delete(id); hide(); answer(id, 'RPC_REQUEST_SUCCESS', { result: '0x5167' }) }
        document.getElementById('reject').onclick = () => { waiting.delete(id); hide(); answer(id, 'RPC_REQUEST_ERROR', { message: 'User rejected the request', code: 4001 }) }
        return port.postMessage({ type: 'FRAME_SHOW', payload: { reason: 'approve', height: 240 } })
      }
      return answer(id, 'RPC_REQUEST_ERROR', { message: 'Requested RPC call is not allowed' })
    case 'ABORT':
      if (waiting.delete(payload.requestId)) { hide(); answer(payload.requestId, 'RPC_REQUEST_ERROR', { message: 'Request was aborted' }) }
      return
    default: return answer(id, type + '_SUCCESS', {})
  }
}
if (mode === 'refuse') window.parent.postMessage({ type: '@latchkit/frame/refused', reason: 'origin-not-allowed' }, parentOrigin)
else if (mode !== 'silent') {
  if (mode === 'badshape') window.parent.postMessage({ type: '@latchkit/frame/ready', version: 2 }, parentOrigin)
  window.parent.postMessage({ type: '@latchkit/frame/ready', version: 1 }, parentOrigin)
}
`

/** The stub frame's page: the approval screen it draws itself, and the protocol script. */
export const stubFramePage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>stub frame</title></head>
<body style="margin:0;background:#fff"><div id="approval" hidden><p>Sign this message?</p>
<input id="note" aria-label="Note" autocomplete="off">
<button id="approve" type="button">Approve</button><button id="reject" type="button">Reject</button></div>
<script>${stubFrameScript}</script></body></html>`

/**
 * A page on a foreign origin, embedded in the host page, that posts forged frame
 * messages to its parent: a ready message, an answer and the frame's events.
 */
export const forgerPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>forger</title></head><body><script>
window.forge = () => {
  const parent = window.parent
  parent.postMessage({ type: '@latchkit/frame/ready', version: 1 }, '*')
  parent.postMessage({ type: 'FRAME_SHOW', payload: { reason: 'approve', height: 240 } }, '*')
  parent.postMessage({ id: crypto.randomUUID(), type: 'RPC_REQUEST_SUCCESS', payload: { result: '0xforged' } }, '*')
  parent.postMessage({ type: 'FRAME_HIDE' }, '*')
  return true
}
</script></body></html>`
