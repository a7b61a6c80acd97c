/**
 * The dev Farcaster app's page: no framework, the DOM by hand. It shows the pending sign-in
 * request of the URI it was opened with (or one pasted in), lets a person pick a dev fid,
 * and on Approve signs and posts to the relay; Reject drops the request (the relay protocol
 * has no refusal: the app just never answers, and the channel expires).
 */
import { devAvatarUrl } from './avatar.js'
import { type DevFarcasterAppConfig, FARCASTER_APP_CONFIG_GLOBAL } from './config.js'
import { approveSignIn, parseSignInUri, type SignInRequest } from './signIn.js'

const config = (window as unknown as Record<string, DevFarcasterAppConfig>)[
  FARCASTER_APP_CONFIG_GLOBAL
] as DevFarcasterAppConfig
const root = document.getElementById('root') as HTMLElement

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { testid?: string; text?: string } = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (props.testid) node.dataset.testid = props.testid
  if (props.text !== undefined) node.textContent = props.text
  node.append(...children)
  return node
}

function showPaste(error?: string): void {
  const input = el('textarea', { testid: 'farcaster-app-uri' })
  input.rows = 4
  input.placeholder = 'farcaster://connect?channelToken=…'
  const load = el('button', { testid: 'farcaster-app-load', text: 'Show request' })
  load.addEventListener('click', () => open(input.value))
  root.replaceChildren(
    el('h1', { text: 'Dev Farcaster app' }),
    el('label', { text: 'Sign-in URI' }, input),
    load,
    ...(error ? [el('p', { testid: 'farcaster-app-error', text: error })] : []),
  )
}

function row(label: string, testid: string, value: string): HTMLElement {
  return el('p', {}, el('strong', { text: `${label}: ` }), el('span', { testid, text: value }))
}

function showRequest(request: SignInRequest): void {
  const select = el('select', { testid: 'farcaster-app-fid' })
  for (const user of config.users) {
    const option = el('option', { text: `${user.displayName} (@${user.username}, fid ${user.fid})` })
    option.value = String(user.fid)
    select.append(option)
  }
  const result = el('p', { testid: 'farcaster-app-result' })
  const approve = el('button', { testid: 'farcaster-app-approve', text: 'Approve' })
  const reject = el('button', { testid: 'farcaster-app-reject', text: 'Reject' })
  const done = (text: string) => {
    approve.disabled = true
    reject.disabled = true
    result.textContent = text
  }
  approve.addEventListener('click', async () => {
    const user = config.users.find((u) => String(u.fid) === select.value)
    if (!user) return
    approve.disabled = true
    try {
      const answer = await approveSignIn({
        relayUrl: config.relayUrl,
        authKey: config.authKey,
        request,
        user,
        // The app serves its users' pictures itself, on the origin this page came from.
        pfpUrl: devAvatarUrl(window.location.origin, user.fid),
      })
      if (answer.status === 201) done(`Signed in to ${request.domain} as @${user.username}`)
      else {
        const message = (answer.body as { message?: string } | null)?.message ?? ''
        done(`The relay refused (${answer.status}) ${message}`)
      }
    } catch (error) {
      done(`Could not reach the relay: ${(error as Error).message}`)
    }
  })
  reject.addEventListener('click', () => done('Rejected: nothing was signed'))
  root.replaceChildren(
    el('h1', { text: 'Dev Farcaster app' }),
    el('p', { text: 'An app asks you to sign in with Farcaster.' }),
    row('Domain', 'farcaster-request-domain', request.domain),
    row('App', 'farcaster-request-uri', request.siweUri),
    row('Nonce', 'farcaster-request-nonce', request.nonce),
    el('label', { text: 'Sign in as' }, select),
    approve,
    reject,
    result,
  )
}

function open(uri: string): void {
  try {
    showRequest(parseSignInUri(uri))
  } catch (error) {
    showPaste((error as Error).message)
  }
}

const initial = new URLSearchParams(window.location.search).get('uri')
if (initial) open(initial)
else showPaste()
