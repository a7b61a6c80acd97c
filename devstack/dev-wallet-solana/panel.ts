/**
 * The dev Solana wallet's prompt: a small fixed box at the bottom right of the page, where
 * a person approves or rejects what the site asks. Built with DOM calls and `textContent`
 * only: messages and transactions come from the page and are never parsed as markup.
 */
import type { ConsentQueue } from './consent.js'

const styles = `
:host { all: initial; }
.prompt { position: fixed; right: 16px; bottom: 16px; z-index: 2147483646; width: 300px;
  font: 13px/1.4 system-ui, sans-serif; color: #0b0b0f; background: #fff; border: 2px solid #14f195;
  border-radius: 12px; box-shadow: 0 8px 24px rgba(0,0,0,.18); padding: 12px; }
.prompt[hidden] { display: none; }
h3 { margin: 0 0 8px; font-size: 14px; }
.badge { font-size: 10px; font-weight: 700; background: #0b0b0f; color: #14f195; border-radius: 4px;
  padding: 1px 4px; margin-right: 6px; }
dl { margin: 0 0 8px; display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; }
dt { color: #555; } dd { margin: 0; word-break: break-all; white-space: pre-wrap; max-height: 6em; overflow: auto; }
.actions { display: flex; gap: 8px; justify-content: flex-end; }
button { font: inherit; border-radius: 8px; padding: 6px 12px; cursor: pointer; border: 1px solid #0b0b0f; }
.approve { background: #0b0b0f; color: #fff; } .reject { background: #fff; color: #0b0b0f; }
.waiting { color: #555; font-size: 12px; margin-bottom: 6px; }
/* A phone: the prompt (shown only while a request waits) floats at the top, clear of the
   dApp's modal, which opens as a sheet from the bottom. */
@media (max-width: 600px) {
  .prompt { right: 8px; left: 8px; bottom: auto; top: 8px; width: auto; box-sizing: border-box; }
}
`

/**
 * Renders the prompt for the oldest waiting request and keeps it in sync; returns the
 * function that removes it.
 *
 * @example
 * const unmount = mountSolanaPrompt({ mount: document.body, consent })
 */
export function mountSolanaPrompt({
  mount,
  consent,
}: {
  mount: HTMLElement
  consent: ConsentQueue
}): () => void {
  const doc = mount.ownerDocument
  const el = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: { className?: string; text?: string; testId?: string } = {},
    ...children: Node[]
  ): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag)
    if (props.className) node.className = props.className
    if (props.text !== undefined) node.textContent = props.text
    if (props.testId) node.dataset.testid = props.testId
    node.append(...children)
    return node
  }

  const host = el('div', { testId: 'devwallet-sol' })
  // Open, so tests and devtools can look inside; styles stay out of the page's way.
  const root = host.attachShadow({ mode: 'open' })
  const title = el('h3', { testId: 'devwallet-sol-title' })
  title.id = 'devwallet-sol-title'
  const details = el('dl')
  const waiting = el('div', { className: 'waiting' })
  const reject = el('button', { className: 'reject', text: 'Reject', testId: 'devwallet-sol-reject' })
  const approve = el('button', { className: 'approve', text: 'Approve', testId: 'devwallet-sol-approve' })
  reject.type = approve.type = 'button'
  const prompt = el(
    'section',
    { className: 'prompt', testId: 'devwallet-sol-prompt' },
    el('div', {}, el('span', { className: 'badge', text: 'DEV SOL' }), title),
    details,
    waiting,
    el('div', { className: 'actions' }, reject, approve),
  )
  prompt.setAttribute('role', 'alertdialog')
  prompt.setAttribute('aria-labelledby', title.id)
  root.append(el('style', { text: styles }), prompt)

  const render = () => {
    const [first, ...rest] = consent.pending()
    prompt.hidden = first === undefined
    details.replaceChildren()
    if (!first) return
    title.textContent = first.title
    for (const row of first.details)
      details.append(el('dt', { text: row.label }), el('dd', { text: row.value }))
    waiting.textContent = rest.length > 0 ? `${rest.length} more waiting` : ''
    approve.dataset.requestId = reject.dataset.requestId = String(first.id)
  }
  // The id pins the click to the request on screen, even if the queue moved meanwhile.
  const onApprove = () => consent.approve(Number(approve.dataset.requestId))
  const onReject = () => consent.reject(Number(reject.dataset.requestId))
  approve.addEventListener('click', onApprove)
  reject.addEventListener('click', onReject)
  const unsubscribe = consent.subscribe(render)
  render()
  mount.append(host)

  return () => {
    unsubscribe()
    approve.removeEventListener('click', onApprove)
    reject.removeEventListener('click', onReject)
    host.remove()
  }
}
