/**
 * The frame's two password screens: set a recovery password (new wallet) and enter it
 * (a new device). Both run a submit step supplied by the caller while the button is busy;
 * when the step fails, its message shows in `frame-error` and the person can try again,
 * with nothing lost. Aborting the request takes the screen down.
 */
import { WrongRecoveryPasswordError } from '../keys/keyErrors.js'
import { MIN_RECOVERY_PASSWORD_LENGTH } from '../keys/wallet.js'
import { el, show } from './dom.js'

export interface PasswordScreenOptions {
  root: HTMLElement
  /** Runs with the password; resolves when done, throws to show its message. */
  submit: (password: string) => Promise<void>
  /** Called once the screen is drawn (the frame posts FRAME_SHOW then). */
  shown: () => void
  signal: AbortSignal
}

/** A hint of the password's strength: length and kinds of characters. */
export function passwordStrength(password: string): 'too short' | 'weak' | 'fair' | 'strong' {
  if (password.length < MIN_RECOVERY_PASSWORD_LENGTH) return 'too short'
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length
  if (password.length >= 16 || (password.length >= 12 && kinds >= 3)) return 'strong'
  if (password.length >= 10 || kinds >= 3) return 'fair'
  return 'weak'
}

function messageOf(error: unknown): string {
  if (error instanceof WrongRecoveryPasswordError) return 'That recovery password is not correct. Try again.'
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.'
}

function runScreen(
  options: PasswordScreenOptions,
  screen: HTMLElement,
  form: HTMLFormElement,
  button: HTMLButtonElement,
  errorLine: HTMLElement,
  check: () => string | undefined,
  afterFailure: () => void,
): Promise<void> {
  const { root, submit, signal } = options
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      root.replaceChildren()
      reject(signal.reason)
    }
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      if (button.disabled) return
      const problem = check()
      if (problem) {
        errorLine.textContent = problem
        return
      }
      errorLine.textContent = ''
      button.disabled = true
      const label = button.textContent
      button.textContent = 'Working…'
      try {
        await submit(passwordOf(form))
        signal.removeEventListener('abort', onAbort)
        root.replaceChildren()
        resolve()
      } catch (error) {
        if (signal.aborted) return
        errorLine.textContent = messageOf(error)
        afterFailure()
      } finally {
        button.disabled = false
        button.textContent = label
      }
    })
    show(root, screen)
    options.shown()
    ;(form.querySelector('input') as HTMLInputElement | null)?.focus()
  })
}

const passwordOf = (form: HTMLFormElement) => (form.elements.namedItem('password') as HTMLInputElement).value

/**
 * Asks for a new recovery password, twice, at least 8 characters, with a strength hint.
 *
 * @example await setRecoveryPassword({ root, submit: (password) => makeAndStore(password), shown, signal })
 */
export function setRecoveryPassword(options: PasswordScreenOptions): Promise<void> {
  const password = el('input', {
    class: 'lk-input',
    type: 'password',
    name: 'password',
    autocomplete: 'new-password',
    minlength: String(MIN_RECOVERY_PASSWORD_LENGTH),
    'data-testid': 'frame-password',
  })
  const confirm = el('input', {
    class: 'lk-input',
    type: 'password',
    name: 'confirm',
    autocomplete: 'new-password',
    'data-testid': 'frame-password-confirm',
  })
  const strength = el('p', {
    class: 'lk-hint',
    'data-testid': 'frame-password-strength',
    'aria-live': 'polite',
  })
  const errorLine = el('p', { class: 'lk-error', role: 'alert', 'data-testid': 'frame-error' })
  const button = el(
    'button',
    { class: 'lk-button', type: 'submit', 'data-kind': 'primary', 'data-testid': 'frame-password-submit' },
    'Create wallet',
  )
  const updateStrength = () => {
    strength.textContent = password.value ? `Strength: ${passwordStrength(password.value)}` : ''
  }
  password.addEventListener('input', updateStrength)
  const form = el(
    'form',
    { class: 'lk-screen', 'data-testid': 'frame-setup', novalidate: '' },
    el('h1', { class: 'lk-title' }, 'Set a recovery password'),
    el(
      'p',
      { class: 'lk-text' },
      'You will need it to use your wallet on another device. It is never sent anywhere: if you forget it, nobody can recover it for you.',
    ),
    el('label', { class: 'lk-label' }, 'Recovery password', password),
    strength,
    el('label', { class: 'lk-label' }, 'Repeat the password', confirm),
    errorLine,
    el('div', { class: 'lk-actions' }, button),
  )
  return runScreen(
    options,
    form,
    form,
    button,
    errorLine,
    () => {
      if (password.value.length < MIN_RECOVERY_PASSWORD_LENGTH)
        return `Use at least ${MIN_RECOVERY_PASSWORD_LENGTH} characters.`
      if (password.value !== confirm.value) return 'The two passwords are not the same.'
      return undefined
    },
    () => {},
  )
}

/**
 * Asks for the recovery password; a wrong one shows a clear message and the person tries again.
 *
 * @example await enterRecoveryPassword({ root, submit: (password) => recover(password), shown, signal })
 */
export function enterRecoveryPassword(options: PasswordScreenOptions): Promise<void> {
  const password = el('input', {
    class: 'lk-input',
    type: 'password',
    name: 'password',
    autocomplete: 'current-password',
    'data-testid': 'frame-recover-password',
  })
  const errorLine = el('p', { class: 'lk-error', role: 'alert', 'data-testid': 'frame-error' })
  const button = el(
    'button',
    { class: 'lk-button', type: 'submit', 'data-kind': 'primary', 'data-testid': 'frame-recover-submit' },
    'Unlock wallet',
  )
  const form = el(
    'form',
    { class: 'lk-screen', 'data-testid': 'frame-recover', novalidate: '' },
    el('h1', { class: 'lk-title' }, 'Enter your recovery password'),
    el(
      'p',
      { class: 'lk-text' },
      'This is a new device for your wallet. Enter the recovery password you set to use it here.',
    ),
    el('label', { class: 'lk-label' }, 'Recovery password', password),
    errorLine,
    el('div', { class: 'lk-actions' }, button),
  )
  return runScreen(
    options,
    form,
    form,
    button,
    errorLine,
    () => (password.value ? undefined : 'Enter your recovery password.'),
    () => {
      password.value = ''
      password.focus()
    },
  )
}
