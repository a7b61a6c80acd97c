/**
 * The dev mobile wallet's screen: pair (paste a URI or a QR picture), the dapp's proposal
 * and its requests with Approve and Reject, the selected account and chain, and the
 * sessions with Disconnect. Built with DOM calls and `textContent` only: names, URLs,
 * icons and messages come from the dapp and are never parsed as markup.
 *
 * Selectors (data-testid; a proposal also carries data-pairing-topic, a request data-method,
 * a session data-topic): mobile-wallet-uri, mobile-wallet-pair, mobile-wallet-qr,
 * mobile-wallet-error, mobile-wallet-account, mobile-wallet-chain, mobile-wallet-proposal,
 * mobile-wallet-proposal-approve, mobile-wallet-proposal-reject, mobile-wallet-request,
 * mobile-wallet-request-approve, mobile-wallet-request-reject, mobile-wallet-sessions,
 * mobile-wallet-session, mobile-wallet-disconnect.
 */
import type { MobileWallet, PendingProposal, PendingRequest } from './mobileWallet'
import { requestedChains } from './namespaces'
import { decodeQrPicture } from './scanQr'

type Props = { text?: string; testId?: string; label?: string; className?: string }

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** A request's parameters as text a person can read; long ones are cut. */
function describeParams(params: unknown): string {
  let text: string
  try {
    text = JSON.stringify(params, null, 2) ?? String(params)
  } catch {
    text = String(params)
  }
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text
}

/**
 * Renders the wallet into `mount` and keeps it in sync.
 *
 * @example
 * mountMobileWalletPage({ mount: document.getElementById('root')!, wallet, initialUri })
 */
export function mountMobileWalletPage(options: {
  mount: HTMLElement
  wallet: MobileWallet
  /** The `?uri=` a deep link opened the page with: paired at once. */
  initialUri?: string
}): void {
  const { mount, wallet } = options
  const doc = mount.ownerDocument
  const el = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Props = {},
    ...children: (Node | string)[]
  ): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag)
    if (props.text !== undefined) node.textContent = props.text
    if (props.testId) node.dataset.testid = props.testId
    if (props.label) node.setAttribute('aria-label', props.label)
    if (props.className) node.className = props.className
    node.append(...children)
    return node
  }
  const button = (text: string, testId: string, onClick: () => Promise<unknown>) => {
    const node = el('button', { text, testId })
    node.type = 'button'
    node.addEventListener('click', () => {
      node.disabled = true
      onClick().then(
        () => {
          node.disabled = false
        },
        (error: unknown) => {
          node.disabled = false
          showError(error)
        },
      )
    })
    return node
  }

  const errorLine = el('p', { testId: 'mobile-wallet-error', className: 'error' })
  errorLine.setAttribute('role', 'alert')
  const status = el('p', { testId: 'mobile-wallet-status', className: 'status' })
  const showError = (error: unknown) => {
    errorLine.textContent = error === undefined ? '' : messageOf(error)
  }

  const pair = async (uri: string) => {
    showError(undefined)
    status.textContent = 'Pairing…'
    try {
      await wallet.pair(uri)
      status.textContent = 'Paired: waiting for the dapp’s proposal'
    } catch (error) {
      status.textContent = ''
      throw error
    }
  }

  // Pairing: a URI field, and a QR picture (a file, or an image pasted anywhere on the page).
  const uriField = el('input', { testId: 'mobile-wallet-uri', label: 'Pairing URI' })
  uriField.placeholder = 'wc:…'
  uriField.autocomplete = 'off'
  const pairButton = button('Pair', 'mobile-wallet-pair', () => pair(uriField.value))
  const qrField = el('input', { testId: 'mobile-wallet-qr', label: 'QR code picture' })
  qrField.type = 'file'
  qrField.accept = 'image/*'
  const scan = async (picture: Blob) => {
    showError(undefined)
    const uri = await decodeQrPicture(picture)
    uriField.value = uri
    await pair(uri)
  }
  qrField.addEventListener('change', () => {
    const picture = qrField.files?.[0]
    if (picture) scan(picture).catch(showError)
  })
  doc.addEventListener('paste', (event) => {
    const picture = [...(event.clipboardData?.files ?? [])].find((file) => file.type.startsWith('image/'))
    if (picture) {
      event.preventDefault()
      scan(picture).catch(showError)
    }
  })

  const accountSelect = el('select', { testId: 'mobile-wallet-account', label: 'Account' })
  const chainSelect = el('select', { testId: 'mobile-wallet-chain', label: 'Network' })
  accountSelect.addEventListener('change', () => wallet.selectAccount(accountSelect.value).catch(showError))
  chainSelect.addEventListener('change', () => wallet.selectChain(Number(chainSelect.value)).catch(showError))

  const proposalList = el('div', { testId: 'mobile-wallet-proposals' })
  const requestList = el('div', { testId: 'mobile-wallet-requests' })
  const sessionList = el('ul', { testId: 'mobile-wallet-sessions', label: 'Sessions' })

  mount.append(
    el('h1', { text: 'Latch Dev Mobile Wallet' }),
    el('p', { className: 'warning', text: 'TEST KEYS ONLY — anvil and Solana fixture accounts' }),
    el(
      'section',
      { label: 'Pair' },
      el('label', {}, 'Pairing URI ', uriField),
      pairButton,
      el('label', {}, 'or scan a QR picture ', qrField),
      el('p', { className: 'hint', text: 'You can also paste a QR screenshot anywhere on this page.' }),
      status,
      errorLine,
    ),
    el(
      'section',
      { label: 'Wallet' },
      el('label', {}, 'Account ', accountSelect),
      el('label', {}, 'Network ', chainSelect),
    ),
    el('section', { label: 'Proposals' }, proposalList),
    el('section', { label: 'Requests' }, requestList),
    el('section', { label: 'Sessions' }, el('h2', { text: 'Sessions' }), sessionList),
  )

  const proposalView = (proposal: PendingProposal) => {
    const { proposer } = proposal.params
    const namespaces = requestedChains(proposal.params).map((entry) =>
      el(
        'li',
        {},
        `${entry.required ? 'required' : 'optional'} ${entry.namespace}: ${entry.chains.join(', ') || '(no chains)'}` +
          ` · methods ${entry.methods.join(', ') || '(none)'}` +
          ` · events ${entry.events.join(', ') || '(none)'}`,
      ),
    )
    const view = el(
      'article',
      { testId: 'mobile-wallet-proposal' },
      el('h2', { text: 'Connection request' }),
      el('p', { testId: 'mobile-wallet-proposal-name', text: proposer.metadata.name }),
      el('p', { testId: 'mobile-wallet-proposal-url', text: proposer.metadata.url }),
      el('p', { text: `Icon: ${proposer.metadata.icons?.[0] ?? '(none)'}` }),
      el('p', {
        testId: 'mobile-wallet-proposal-origin',
        text: `Origin ${proposal.verified.origin || proposer.metadata.url}: unverified (${proposal.verified.validation})`,
      }),
      el('ul', { testId: 'mobile-wallet-proposal-namespaces' }, ...namespaces),
      button('Approve', 'mobile-wallet-proposal-approve', () => wallet.approveProposal(proposal.id)),
      button('Reject', 'mobile-wallet-proposal-reject', () => wallet.rejectProposal(proposal.id)),
    )
    view.dataset.proposalId = String(proposal.id)
    // The pairing it came through: what a test (or a person with two dapps) tells proposals apart by.
    view.dataset.pairingTopic = proposal.params.pairingTopic
    return view
  }

  const requestView = (request: PendingRequest) => {
    const view = el(
      'article',
      { testId: 'mobile-wallet-request' },
      el('h2', { text: `${request.dappName || 'A dapp'} asks` }),
      el('p', { testId: 'mobile-wallet-request-method', text: request.method }),
      el('p', { testId: 'mobile-wallet-request-chain', text: request.chainId }),
      el('pre', { testId: 'mobile-wallet-request-params', text: describeParams(request.params) }),
      button('Approve', 'mobile-wallet-request-approve', () => wallet.approveRequest(request.id)),
      button('Reject', 'mobile-wallet-request-reject', () => wallet.rejectRequest(request.id)),
    )
    view.dataset.requestId = String(request.id)
    view.dataset.method = request.method
    return view
  }

  const fillSelect = (
    select: HTMLSelectElement,
    values: readonly (string | number)[],
    selected: string | number,
  ) => {
    const wanted = values.map(String)
    if ([...select.options].map((option) => option.value).join() !== wanted.join()) {
      select.replaceChildren(...wanted.map((value) => el('option', { text: value })))
    }
    select.value = String(selected)
  }

  const render = () => {
    const snapshot = wallet.snapshot()
    fillSelect(accountSelect, snapshot.evmAccounts, snapshot.selectedAccount)
    fillSelect(chainSelect, snapshot.chainIds, snapshot.selectedChainId)
    if (snapshot.error) showError(snapshot.error)
    // The proposal is on screen: "waiting for it" is said.
    if (snapshot.proposals.length > 0) status.textContent = ''
    proposalList.replaceChildren(...snapshot.proposals.map(proposalView))
    requestList.replaceChildren(...snapshot.requests.map(requestView))
    sessionList.replaceChildren(
      ...snapshot.sessions.map((session) => {
        const item = el(
          'li',
          { testId: 'mobile-wallet-session' },
          el('span', { testId: 'mobile-wallet-session-name', text: session.peer.metadata.name }),
          ' ',
          el('span', { text: session.peer.metadata.url }),
          ' ',
          el('span', {
            text: Object.values(session.namespaces)
              .flatMap((ns) => ns.chains ?? [])
              .join(', '),
          }),
          ' ',
          button('Disconnect', 'mobile-wallet-disconnect', () => wallet.disconnect(session.topic)),
        )
        item.dataset.topic = session.topic
        return item
      }),
    )
    mount.dataset.sessions = String(snapshot.sessions.length)
  }
  wallet.subscribe(render)
  render()
  if (options.initialUri) {
    uriField.value = options.initialUri
    pair(options.initialUri).catch(showError)
  }
}
