/**
 * The frame's port server in node (MessageChannel is the same API there): strict parsing,
 * answers by id, ABORT, and what it drops. The handlers are small fakes: the protocol is
 * what is under test.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { readFrameParams } from '../../../../server/embedded-wallet/frame/frameParams'
import { FrameRequestError } from '../../../../server/embedded-wallet/frame/protocol/frameRequestError'
import { type RequestHandlers, servePort } from '../../../../server/embedded-wallet/frame/protocol/portServer'
import { rpcMethodKind } from '../../../../server/embedded-wallet/frame/rpc/rpcMethods'

const channels: MessageChannel[] = []
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close()
    channel.port2.close()
  }
})

const never = () => new Promise<never>(() => {})

function fakeHandlers(overrides: Partial<RequestHandlers> = {}): RequestHandlers {
  const unused = async () => {
    throw new Error('not used in this test')
  }
  return {
    async IS_CONNECTED() {
      return { isConnected: false }
    },
    CONNECT_EMAIL: unused,
    CONNECT_DEVICE: unused,
    CONNECT_OTP: unused,
    GET_SOCIAL_REDIRECT_URI: unused,
    CONNECT_SOCIAL: unused,
    GET_FARCASTER_URI: unused,
    CONNECT_FARCASTER: unused,
    SETUP_WALLET: unused,
    RECOVER_WALLET: unused,
    GET_USER: unused,
    async SWITCH_NETWORK({ chainId }) {
      return { chainId }
    },
    RPC_REQUEST: unused,
    SIGN_OUT: unused,
    UPDATE_EMAIL: unused,
    UPDATE_EMAIL_PRIMARY_OTP: unused,
    UPDATE_EMAIL_SECONDARY_OTP: unused,
    SYNC_THEME: unused,
    SYNC_DAPP_DATA: unused,
    ...overrides,
  }
}

/** A served port and the widget's end of it, recording what comes back. */
function serve(handlers: RequestHandlers) {
  const channel = new MessageChannel()
  channels.push(channel)
  const received: { id?: string; type: string; payload?: Record<string, unknown> }[] = []
  const logged: string[] = []
  channel.port1.onmessage = (event) => received.push(event.data)
  const server = servePort(channel.port2 as unknown as globalThis.MessagePort, handlers, (line) =>
    logged.push(line),
  )
  const send = (message: unknown) => channel.port1.postMessage(message)
  const answerTo = async (id: string) => {
    for (let tries = 0; tries < 200; tries++) {
      const answer = received.find((message) => message.id === id)
      if (answer) return answer
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    throw new Error(`no answer to ${id}`)
  }
  /** Lets queued messages through both ways (a few turns of the event loop). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
  return { server, send, answerTo, received, logged, settle }
}

describe('the port server', () => {
  it('answers <TYPE>_SUCCESS with the request id and the handler result', async () => {
    const port = serve(fakeHandlers())
    const id = crypto.randomUUID()
    port.send({ id, type: 'SWITCH_NETWORK', payload: { chainId: 'eip155:10' } })
    expect(await port.answerTo(id)).toEqual({
      id,
      type: 'SWITCH_NETWORK_SUCCESS',
      payload: { chainId: 'eip155:10' },
    })
  })

  it('answers <TYPE>_ERROR with the message and code of a FrameRequestError', async () => {
    const port = serve(
      fakeHandlers({
        async RPC_REQUEST() {
          throw new FrameRequestError('User rejected the request', 4001)
        },
      }),
    )
    const id = crypto.randomUUID()
    port.send({
      id,
      type: 'RPC_REQUEST',
      payload: { chainId: 'eip155:1', method: 'personal_sign', params: [] },
    })
    expect(await port.answerTo(id)).toEqual({
      id,
      type: 'RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request', code: 4001 },
    })
  })

  it('refuses a known type with a payload that does not parse, strictly (no extra fields)', async () => {
    const port = serve(fakeHandlers())
    const extra = crypto.randomUUID()
    port.send({ id: extra, type: 'IS_CONNECTED', payload: { sneaky: true } })
    const badChain = crypto.randomUUID()
    port.send({ id: badChain, type: 'SWITCH_NETWORK', payload: { chainId: 'cosmos:hub' } })
    for (const id of [extra, badChain]) {
      expect(await port.answerTo(id)).toMatchObject({
        type: expect.stringMatching(/_ERROR$/),
        payload: { message: 'Invalid request', code: 'invalid_request' },
      })
    }
  })

  it('drops what is not a request: no uuid, unknown type, extra envelope fields, a repeated id', async () => {
    let calls = 0
    const port = serve(
      fakeHandlers({
        async IS_CONNECTED() {
          calls += 1
          return { isConnected: false }
        },
      }),
    )
    port.send({ id: '1', type: 'IS_CONNECTED', payload: {} })
    port.send({ id: crypto.randomUUID(), type: 'STEAL_KEYS', payload: {} })
    port.send({ id: crypto.randomUUID(), type: 'IS_CONNECTED', payload: {}, extra: 1 })
    port.send('IS_CONNECTED')
    const id = crypto.randomUUID()
    port.send({ id, type: 'IS_CONNECTED', payload: {} })
    port.send({ id, type: 'IS_CONNECTED', payload: {} })
    // A port delivers in order: once the last request is answered, every earlier one was handled.
    const last = crypto.randomUUID()
    port.send({ id: last, type: 'SWITCH_NETWORK', payload: { chainId: 'eip155:10' } })
    await port.answerTo(last)
    expect(port.received.filter((message) => message.id !== last)).toEqual([
      { id, type: 'IS_CONNECTED_SUCCESS', payload: { isConnected: false } },
    ])
    expect(calls).toBe(1)
    expect(port.logged).toHaveLength(5)
    // Logs name the fields that failed, never their values.
    expect(port.logged.join('\n')).not.toContain('STEAL_KEYS_')
  })

  it("ABORT ends a request: 'Request was aborted' for RPC, 'Something went wrong' for others", async () => {
    const port = serve(fakeHandlers({ RPC_REQUEST: never, SETUP_WALLET: never }))
    const rpc = crypto.randomUUID()
    const setup = crypto.randomUUID()
    port.send({ id: rpc, type: 'RPC_REQUEST', payload: { chainId: 'eip155:1', method: 'personal_sign' } })
    port.send({ id: setup, type: 'SETUP_WALLET', payload: {} })
    await port.settle()
    port.send({ id: crypto.randomUUID(), type: 'ABORT', payload: { requestId: rpc } })
    port.send({ id: crypto.randomUUID(), type: 'ABORT', payload: { requestId: setup } })
    expect(await port.answerTo(rpc)).toEqual({
      id: rpc,
      type: 'RPC_REQUEST_ERROR',
      payload: { message: 'Request was aborted' },
    })
    expect(await port.answerTo(setup)).toEqual({
      id: setup,
      type: 'SETUP_WALLET_ERROR',
      payload: { message: 'Something went wrong' },
    })
  })

  it('posts events without an id', async () => {
    const port = serve(fakeHandlers())
    port.server.emit({ type: 'FRAME_SHOW', payload: { reason: 'approve', height: 320 } })
    await expect
      .poll(() => port.received)
      .toEqual([{ type: 'FRAME_SHOW', payload: { reason: 'approve', height: 320 } }])
  })
})

describe('rpc method kinds', () => {
  it('answers reads, asks for signing, refuses the rest and the other family', () => {
    expect(rpcMethodKind('eip155:1', 'eth_getBalance')).toBe('safe')
    expect(rpcMethodKind('eip155:1', 'eth_sendRawTransaction')).toBe('safe')
    expect(rpcMethodKind('eip155:1', 'personal_sign')).toBe('unsafe')
    expect(rpcMethodKind('eip155:1', 'eth_sendTransaction')).toBe('unsafe')
    expect(rpcMethodKind('eip155:1', 'wallet_sendCalls')).toBe('not-allowed')
    expect(rpcMethodKind('eip155:1', 'eth_sendUserOperation')).toBe('not-allowed')
    expect(rpcMethodKind('eip155:1', 'eth_sign')).toBe('not-allowed')
    expect(rpcMethodKind('eip155:1', 'solana_signMessage')).toBe('not-allowed')
    expect(rpcMethodKind('solana:localnet', 'solana_signAndSendTransaction')).toBe('unsafe')
    expect(rpcMethodKind('solana:localnet', 'getBalance')).toBe('safe')
    expect(rpcMethodKind('solana:localnet', 'personal_sign')).toBe('not-allowed')
  })
})

describe('the frame page query', () => {
  it('needs a project id and takes an EVM or Solana chain, else starts on eip155:1', () => {
    expect(readFrameParams('?projectId=demo&chainId=eip155%3A31337&version=4&enableLogger=true')).toEqual({
      projectId: 'demo',
      chainId: 'eip155:31337',
      version: '4',
      enableLogger: true,
    })
    expect(
      readFrameParams('?projectId=demo&chainId=bip122%3A000000000019d6689c085ae165831e93'),
    ).toMatchObject({
      chainId: 'eip155:1',
      enableLogger: false,
    })
    expect(readFrameParams('?chainId=eip155%3A1')).toBeUndefined()
  })
})
