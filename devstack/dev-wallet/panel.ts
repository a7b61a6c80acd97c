/**
 * The dev wallet's panel: a small fixed box at the bottom left of the page, outside the
 * dApp's widget, where a person picks the account and network, disconnects the site and
 * approves or rejects what the site asks for. Built with DOM calls and `textContent` only:
 * request contents come from the page and are never parsed as markup.
 */
import type { ConsentQueue } from './consentQueue'
import { chainLabel } from './describeRequest'
import { panelStyles } from './panelStyles'
import type { WalletState } from './walletState'

export interface MountPanelOptions {
  /** Element the panel's host element is appended to. */
  mount: HTMLElement
  state: WalletState
  consent: ConsentQueue
  origin: string
}

/**
 * Renders the panel and keeps it in sync; returns the function that removes it.
 *
 * @example
 * const unmount = mountPanel({ mount: document.body, state, consent, origin: location.origin })
 */
export function mountPanel(options: MountPanelOptions): () => void {
  const { mount, state, consent, origin } = options
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

  const host = el('div', { testId: 'devwallet' })
  host.id = 'latchkit-dev-wallet'
  // Open, so tests and people's devtools can look inside; closed would only hide it.
  const root = host.attachShadow({ mode: 'open' })
  const style = el('style', { text: panelStyles })

  const accountSelect = el('select', { testId: 'devwallet-account' })
  const networkSelect = el('select', { testId: 'devwallet-network' })
  const siteStatus = el('span', { className: 'site-status', testId: 'devwallet-site-status' })
  const disconnectButton = el('button', { text: 'Disconnect site', testId: 'devwallet-disconnect' })
  disconnectButton.type = 'button'

  const promptTitle = el('h3', { className: 'prompt-title', testId: 'devwallet-prompt-title' })
  const promptDetails = el('dl')
  const waiting = el('div', { className: 'waiting' })
  const rejectButton = el('button', { className: 'reject', text: 'Reject', testId: 'devwallet-reject' })
  const approveButton = el('button', { className: 'approve', text: 'Approve', testId: 'devwallet-approve' })
  rejectButton.type = approveButton.type = 'button'
  const prompt = el(
    'section',
    { className: 'prompt', testId: 'devwallet-prompt' },
    promptTitle,
    promptDetails,
    waiting,
    el('div', { className: 'actions' }, rejectButton, approveButton),
  )
  prompt.setAttribute('role', 'alertdialog')
  prompt.setAttribute('aria-labelledby', 'devwallet-prompt-title')
  promptTitle.id = 'devwallet-prompt-title'

  const title = el('h2', { className: 'title', text: 'Dev wallet' })
  const panel = el(
    'div',
    { className: 'panel' },
    el(
      'div',
      { className: 'header' },
      el('span', { className: 'badge', text: 'DEV' }),
      title,
      el('span', { className: 'hint', text: 'anvil test accounts' }),
    ),
    el(
      'div',
      { className: 'body' },
      el('label', { text: 'Account' }, accountSelect),
      el('label', { text: 'Network' }, networkSelect),
      el('div', { className: 'site' }, siteStatus, disconnectButton),
      prompt,
    ),
  )
  panel.setAttribute('role', 'region')
  panel.setAttribute('aria-label', 'Dev wallet')
  root.append(style, panel)

  const host_ = new URL(origin).host || origin
  const renderState = () => {
    const { accounts, account, chains, chainId, authorized } = state.snapshot()
    replaceOptions(
      accountSelect,
      accounts.map((address, index) => ({ value: address, text: `${shorten(address)} · account ${index}` })),
      account ?? '',
    )
    accountSelect.disabled = accounts.length === 0
    replaceOptions(
      networkSelect,
      chains.map((chain) => ({ value: String(chain.chainId), text: chainLabel(chain) })),
      String(chainId),
    )
    siteStatus.textContent = authorized ? `Connected to ${host_}` : `Not connected to ${host_}`
    siteStatus.dataset.connected = String(authorized)
    disconnectButton.disabled = !authorized
  }

  const renderPrompt = () => {
    const [first, ...rest] = consent.pending()
    prompt.hidden = first === undefined
    promptDetails.replaceChildren()
    if (!first) return
    promptTitle.textContent = first.title
    const rows = [
      { label: 'Method', value: first.method },
      { label: 'Site', value: first.origin },
      ...first.details,
    ]
    for (const row of rows) promptDetails.append(el('dt', { text: row.label }), el('dd', { text: row.value }))
    waiting.textContent =
      rest.length > 0 ? `${rest.length} more request${rest.length > 1 ? 's' : ''} waiting` : ''
    approveButton.dataset.requestId = rejectButton.dataset.requestId = String(first.id)
  }

  const onAccount = () => state.selectAccount(accountSelect.value)
  const onNetwork = () => state.selectChain(Number(networkSelect.value))
  const onDisconnect = () => state.revoke()
  // The id pins the click to the prompt on screen, even if the queue moved meanwhile.
  const onApprove = () => consent.approve(Number(approveButton.dataset.requestId))
  const onReject = () => consent.reject(Number(rejectButton.dataset.requestId))
  accountSelect.addEventListener('change', onAccount)
  networkSelect.addEventListener('change', onNetwork)
  disconnectButton.addEventListener('click', onDisconnect)
  approveButton.addEventListener('click', onApprove)
  rejectButton.addEventListener('click', onReject)

  const unsubscribeState = state.subscribe(renderState)
  const unsubscribeConsent = consent.subscribe(renderPrompt)
  renderState()
  renderPrompt()
  mount.append(host)

  return () => {
    unsubscribeState()
    unsubscribeConsent()
    host.remove()
  }
}

function shorten(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

/** Rebuilds a select's options only when they differ, so an open dropdown is not reset. */
function replaceOptions(
  select: HTMLSelectElement,
  options: { value: string; text: string }[],
  selected: string,
): void {
  const same =
    select.options.length === options.length &&
    options.every(
      (option, i) => select.options[i]?.value === option.value && select.options[i]?.text === option.text,
    )
  if (!same) {
    select.replaceChildren(
      ...options.map((option) => {
        const node = select.ownerDocument.createElement('option')
        node.value = option.value
        node.textContent = option.text
        return node
      }),
    )
  }
  select.value = selected
}
