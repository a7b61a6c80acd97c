/**
 * The approval screen: what is asked (the method in words), by which origin, on which
 * chain, and the details a person checks; Approve or Reject. It is drawn inside the
 * frame, on the frame's origin, so the host page can neither click it nor change it.
 */
import type { RequestDescription } from '../rpc/describeRequest.js'
import { el, show } from './dom.js'

export interface ApprovalOptions {
  root: HTMLElement
  description: RequestDescription
  /** The origin of the page asking (from the browser, not from the page). */
  origin: string
  /** The app's name from SYNC_DAPP_DATA, when it sent one (shown beside the origin, not instead). */
  appName?: string | undefined
  chain: string
  shown: () => void
  signal: AbortSignal
}

/**
 * Resolves true on Approve, false on Reject; rejects when the request is aborted.
 *
 * @example if (!(await askApproval({ root, description, origin, chain, shown, signal }))) throw userRejected()
 */
export function askApproval(options: ApprovalOptions): Promise<boolean> {
  const { root, description, signal } = options
  const details = el('dl', { class: 'lk-details', 'data-testid': 'frame-request-details' })
  const rows: [string, string][] = [
    ['App', options.appName ? `${options.appName} (${options.origin})` : options.origin],
    ['Network', options.chain],
    ...description.details.map((line): [string, string] => [line.label, line.value]),
  ]
  for (const [label, value] of rows) details.append(el('dt', {}, label), el('dd', {}, value))
  const approve = el(
    'button',
    { class: 'lk-button', type: 'button', 'data-kind': 'primary', 'data-testid': 'frame-approve' },
    'Approve',
  )
  const reject = el('button', { class: 'lk-button', type: 'button', 'data-testid': 'frame-reject' }, 'Reject')
  const screen = el(
    'section',
    { class: 'lk-screen', 'data-testid': 'frame-approval', 'aria-labelledby': 'frame-request-method' },
    el(
      'h1',
      { class: 'lk-title', id: 'frame-request-method', 'data-testid': 'frame-request-method' },
      description.action,
    ),
    details,
    el('div', { class: 'lk-actions' }, reject, approve),
  )
  return new Promise<boolean>((resolve, reject_) => {
    const finish = (approved: boolean) => {
      signal.removeEventListener('abort', onAbort)
      root.replaceChildren()
      resolve(approved)
    }
    const onAbort = () => {
      root.replaceChildren()
      reject_(signal.reason)
    }
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    approve.addEventListener('click', () => finish(true), { once: true })
    reject.addEventListener('click', () => finish(false), { once: true })
    show(root, screen)
    options.shown()
  })
}
