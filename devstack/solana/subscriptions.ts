/**
 * The WebSocket side of the endpoint: signatureSubscribe, accountSubscribe and
 * slotSubscribe with their unsubscribes, fed by the ledger's events. One table of
 * subscriptions per connection, dropped when the socket closes.
 */
import { isAddress } from '@solana/kit'
import type { WebSocket, WebSocketServer } from 'ws'
import * as z from 'zod/mini'
import { stringifyJson } from './json.js'
import { type Dispatch, describeIssues, handleJsonRpc } from './jsonRpc.js'
import { JsonRpcError, rpcErrorCodes } from './jsonRpcError.js'
import type { Ledger, LedgerEvent } from './ledger.js'
import { encodeAccountOf } from './methods.js'

const pubkey = z.string().check(z.refine((value) => isAddress(value), 'not a base58 public key'))
const commitment = z.optional(z.enum(['processed', 'confirmed', 'finalized']))

const subscribeParams = {
  signatureSubscribe: z.tuple([
    z.string().check(z.minLength(64), z.maxLength(88)),
    z.optional(z.object({ commitment, enableReceivedNotification: z.optional(z.boolean()) })),
  ]),
  accountSubscribe: z.tuple([
    pubkey,
    z.optional(z.object({ commitment, encoding: z.optional(z.enum(['base58', 'base64', 'jsonParsed'])) })),
  ]),
  slotSubscribe: z.optional(z.tuple([])),
}
const unsubscribeParams = z.tuple([z.number().check(z.int(), z.nonnegative())])

type Subscription =
  | { kind: 'signature'; signature: string }
  | { kind: 'account'; key: string; encoding?: 'base58' | 'base64' | 'jsonParsed'; last: string }
  | { kind: 'slot' }

const notificationMethods = {
  signature: 'signatureNotification',
  account: 'accountNotification',
  slot: 'slotNotification',
}

/**
 * Serves subscriptions on every socket of `server`; returns the function that stops
 * listening to the ledger.
 *
 * @example
 * const detach = attachSubscriptions(new WebSocketServer({ noServer: true }), ledger)
 */
export function attachSubscriptions(server: WebSocketServer, ledger: Ledger): () => void {
  let nextId = 0
  const sockets = new Map<WebSocket, Map<number, Subscription>>()

  const notify = (socket: WebSocket, id: number, kind: Subscription['kind'], result: unknown) => {
    if (socket.readyState !== socket.OPEN) return
    socket.send(
      stringifyJson({
        jsonrpc: '2.0',
        method: notificationMethods[kind],
        params: { result, subscription: id },
      }),
    )
  }

  const accountSnapshot = (key: string, encoding: 'base58' | 'base64' | 'jsonParsed' | undefined) =>
    // base64 for the comparison: base58 refuses large accounts, and any change shows in it.
    stringifyJson(
      encodeAccountOf(ledger, key, { encoding: encoding === 'jsonParsed' ? 'jsonParsed' : 'base64' }),
    )

  const onLedgerEvent = (event: LedgerEvent) => {
    for (const [socket, subscriptions] of sockets) {
      for (const [id, subscription] of subscriptions) {
        if (
          event.type === 'signature' &&
          subscription.kind === 'signature' &&
          subscription.signature === event.signature
        ) {
          notify(socket, id, 'signature', {
            context: { slot: event.status.slot },
            value: { err: event.status.err },
          })
          // A signature notification is sent once; the node then drops the subscription.
          subscriptions.delete(id)
        } else if (event.type === 'slot' && subscription.kind === 'slot') {
          notify(socket, id, 'slot', { parent: event.parent, root: event.parent, slot: event.slot })
        } else if (event.type === 'slot' && subscription.kind === 'account') {
          const snapshot = accountSnapshot(subscription.key, subscription.encoding)
          if (snapshot === subscription.last) continue
          subscription.last = snapshot
          const value = encodeAccountOf(ledger, subscription.key, {
            encoding: subscription.encoding ?? 'base64',
          })
          notify(socket, id, 'account', { context: { slot: event.slot }, value })
        }
      }
    }
  }

  const dispatchFor =
    (socket: WebSocket, subscriptions: Map<number, Subscription>): Dispatch =>
    (call) => {
      const parse = <S extends z.core.$ZodType>(schema: S): z.output<S> => {
        const parsed = z.safeParse(schema, call.params)
        if (!parsed.success) {
          throw new JsonRpcError(
            rpcErrorCodes.INVALID_PARAMS,
            `Invalid params: ${describeIssues(parsed.error)}`,
          )
        }
        return parsed.data
      }
      const id = nextId++
      switch (call.method) {
        case 'signatureSubscribe': {
          const [signature] = parse(subscribeParams.signatureSubscribe)
          const status = ledger.status(signature)
          if (status) {
            // Already landed: answer the subscribe first, then notify once.
            queueMicrotask(() =>
              notify(socket, id, 'signature', { context: { slot: status.slot }, value: { err: status.err } }),
            )
          } else {
            subscriptions.set(id, { kind: 'signature', signature })
          }
          return id
        }
        case 'accountSubscribe': {
          const [key, config] = parse(subscribeParams.accountSubscribe)
          subscriptions.set(id, {
            kind: 'account',
            key,
            encoding: config?.encoding,
            last: accountSnapshot(key, config?.encoding),
          })
          return id
        }
        case 'slotSubscribe':
          parse(subscribeParams.slotSubscribe)
          subscriptions.set(id, { kind: 'slot' })
          return id
        case 'signatureUnsubscribe':
        case 'accountUnsubscribe':
        case 'slotUnsubscribe': {
          const [subscription] = parse(unsubscribeParams)
          const kind = call.method.replace('Unsubscribe', '')
          if (subscriptions.get(subscription)?.kind !== kind) {
            // A fired signature subscription is gone already: unsubscribing it is harmless.
            if (kind === 'signature') return true
            throw new JsonRpcError(rpcErrorCodes.INVALID_PARAMS, 'Invalid subscription id.')
          }
          subscriptions.delete(subscription)
          return true
        }
        default:
          throw new JsonRpcError(rpcErrorCodes.METHOD_NOT_FOUND, 'Method not found')
      }
    }

  server.on('connection', (socket: WebSocket) => {
    const subscriptions = new Map<number, Subscription>()
    sockets.set(socket, subscriptions)
    const dispatch = dispatchFor(socket, subscriptions)
    socket.on('message', (data) => {
      const reply = handleJsonRpc(data.toString(), dispatch)
      if (reply !== undefined && socket.readyState === socket.OPEN) socket.send(reply)
    })
    socket.on('close', () => sockets.delete(socket))
  })

  return ledger.subscribe(onLedgerEvent)
}
