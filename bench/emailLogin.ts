/**
 * Email login, code entered to account shown: bench/apps/latchkit-email.tsx built as every
 * row of the bench is, against the real frame service (PGlite in memory), the devstack
 * mailbox, anvil and the local Solana endpoint, all on 127.0.0.1. Each load is a new
 * browser profile and a new person: the email, the mailed code, the recovery password in
 * the frame's own screen; then a sign-out and a second login on the same device, the path
 * a returning visitor takes. Three figures, each from the key or click that ends the
 * person's part to the next thing they see:
 * - returning person: the code's last digit typed -> the account on the connect button;
 * - new person: the code's last digit typed -> the frame's password screen;
 * - new person: the password submitted -> the account (the wallet made, split and stored;
 *   scrypt at N=2^17 for the recovery half is most of it).
 *
 * Alone: `npx tsx bench/emailLogin.ts [--runs N] [--json]`.
 */
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { startAnvil } from '../devstack/anvil'
import { startMailbox } from '../devstack/mailbox'
import { startSolanaRpc } from '../devstack/solana'
import { startFrameService } from '../server/embedded-wallet'
import { blockExternalRequests } from '../test/support/browser'
import { frameScreen } from '../test/support/frameScreen.js'
import { codeOf, mailsTo, nextMail } from '../test/support/mailbox'
import { bundleApp } from './bundle'
import { appsDir } from './paths'
import { latchkitSource } from './sourceAlias'
import { withBrowser, writeIndexHtml } from './speed'
import { serveDirectory } from './staticServer'
import { median, round1 } from './stats'

const PROJECT = 'latchkit-bench'
const PASSWORD = 'copper meadow 17 kites'
/** Generous: a wallet is made with scrypt at N=2^17 on a busy 2-core machine. */
const STEP_TIMEOUT_MS = 60_000

export interface EmailLoginBench {
  loads: number
  /** Per load, in ms. */
  returningCodeToAccount: number[]
  newCodeToPasswordScreen: number[]
  newPasswordToAccount: number[]
  medians: {
    returningCodeToAccountMs?: number
    newCodeToPasswordScreenMs?: number
    newPasswordToAccountMs?: number
  }
  pageErrors: string[]
  error?: string
}

const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''

/** Types the code a key at a time; resolves with the time the last key was sent. */
async function typeCode(page: Page, code: string): Promise<number> {
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Digit 1 of 6').click({ timeout: STEP_TIMEOUT_MS })
  await page.keyboard.type(code.slice(0, -1))
  const start = performance.now()
  await page.keyboard.press(code.slice(-1))
  return start
}

/** Connect Wallet, the email, Continue, and the code from the mailbox typed: the time it was done. */
async function logIn(page: Page, mailbox: { url: string }, email: string): Promise<number> {
  const seen = (await mailsTo(mailbox, email)).length
  await page.locator('[data-latchkit="connect-button"]').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  return typeCode(page, codeOf(await nextMail(mailbox, email, seen)))
}

/** The EVM account on the account button (the page's network is the EVM one). */
const accountShown = (page: Page) =>
  page
    .locator('[data-latchkit="account-button"]')
    .filter({ hasText: /[0-9a-fA-F]{6}$/ })
    .waitFor({ timeout: STEP_TIMEOUT_MS })

/**
 * @example
 * const login = await withBrowser((browser) => measureEmailLogin(browser, 5))
 * login.medians.returningCodeToAccountMs
 */
export async function measureEmailLogin(browser: Browser, loads: number): Promise<EmailLoginBench> {
  const result: EmailLoginBench = {
    loads,
    returningCodeToAccount: [],
    newCodeToPasswordScreen: [],
    newPasswordToAccount: [],
    medians: {},
    pageErrors: [],
  }
  const pageErrors = new Set<string>()
  const stops: (() => Promise<unknown>)[] = []
  let outdir: string | undefined
  try {
    const anvil = await startAnvil({ chainId: 31337 })
    stops.push(() => anvil.stop())
    const solana = await startSolanaRpc()
    stops.push(() => solana.stop())
    const mailbox = await startMailbox()
    stops.push(() => mailbox.stop())
    const bundle = await bundleApp(`${appsDir}/latchkit-email.tsx`, [latchkitSource()])
    outdir = bundle.outdir
    writeIndexHtml(outdir)
    const site = await serveDirectory(outdir)
    stops.push(() => site.close())
    const frame = await startFrameService({
      smtp: { host: mailbox.smtpHost, port: mailbox.smtpPort, from: 'Bench <login@latchkit.test>' },
      projects: { [PROJECT]: { allowedOrigins: [new URL(site.url).origin] } },
      chains: { 'eip155:31337': anvil.rpcUrl },
      shareKey: randomBytes(32).toString('base64'),
      // Every load is a new person from the same address: the per-IP limit is not under test.
      limits: { perIp: 10_000 },
    })
    stops.push(() => frame.stop())
    const query = new URLSearchParams({
      frameUrl: frame.url,
      rpcUrl: anvil.rpcUrl,
      solanaUrl: solana.url,
      genesisHash: solana.genesisHash,
    })
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      try {
        await blockExternalRequests(context)
        const page = await context.newPage()
        page.on('pageerror', (error) => pageErrors.add(`pageerror: ${message(error)}`))
        page.on('console', (entry) => {
          if (entry.type() === 'error') pageErrors.add(`console: ${entry.text().slice(0, 200)}`)
        })
        await page.goto(`${site.url}?${query}`, { waitUntil: 'load' })
        const email = `bench.${randomBytes(6).toString('hex').replace(/\d/g, 'x')}@example.com`

        // A new person: code, then the frame's password screen, then the account.
        const codeTyped = await logIn(page, mailbox, email)
        const screen = frameScreen(page)
        await screen.byTestId('frame-password').waitFor({ timeout: STEP_TIMEOUT_MS })
        result.newCodeToPasswordScreen.push(performance.now() - codeTyped)
        await screen.byTestId('frame-password').fill(PASSWORD)
        await screen.byTestId('frame-password-confirm').fill(PASSWORD)
        const submitted = performance.now()
        await screen.click('frame-password-submit')
        await accountShown(page)
        result.newPasswordToAccount.push(performance.now() - submitted)

        // The same person back on this device: the code, then the account.
        await page.evaluate('window.__emailBench.disconnect()')
        await page.locator('[data-latchkit="connect-button"]').waitFor({ timeout: STEP_TIMEOUT_MS })
        // A person comes back later than the widget's 30 s between logins; the bench does not wait it out.
        await page.evaluate("localStorage.removeItem('latchkit:embeddedWallet:lastEmailLoginTime')")
        const again = await logIn(page, mailbox, email)
        await accountShown(page)
        result.returningCodeToAccount.push(performance.now() - again)
      } catch (error) {
        if (process.env.BENCH_DEBUG) await context.pages()[0]?.screenshot({ path: '/tmp/email-bench.png' })
        throw error
      } finally {
        await context.close()
      }
    }
  } catch (error) {
    result.error = message(error)
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined)
    if (outdir) rmSync(outdir, { recursive: true, force: true })
  }
  const mid = (values: number[]) => {
    const value = median(values)
    return value === undefined ? undefined : Math.round(value)
  }
  for (const key of ['returningCodeToAccount', 'newCodeToPasswordScreen', 'newPasswordToAccount'] as const)
    result[key] = result[key].map(round1)
  result.medians = {
    ...(mid(result.returningCodeToAccount) !== undefined && {
      returningCodeToAccountMs: mid(result.returningCodeToAccount),
    }),
    ...(mid(result.newCodeToPasswordScreen) !== undefined && {
      newCodeToPasswordScreenMs: mid(result.newCodeToPasswordScreen),
    }),
    ...(mid(result.newPasswordToAccount) !== undefined && {
      newPasswordToAccountMs: mid(result.newPasswordToAccount),
    }),
  }
  result.pageErrors = [...pageErrors].slice(0, 20)
  return result
}

/** The rows as markdown. */
export function emailLoginMarkdown(login: EmailLoginBench): string[] {
  const row = (label: string, values: number[], medianMs: number | undefined) =>
    `| ${label} | ${medianMs ?? 'n/a'} ms median (${values.length ? `${Math.round(Math.min(...values))} to ${Math.round(Math.max(...values))} ms` : 'no run'}) |`
  return [
    ...(login.error ? [`Not fully measured: ${login.error}`, ''] : []),
    '| Measurement (frame service, mailbox, anvil on 127.0.0.1) | Latchkit (email + embedded-wallet) |',
    '| --- | --- |',
    row(
      'Returning person on a known device: code typed to account shown',
      login.returningCodeToAccount,
      login.medians.returningCodeToAccountMs,
    ),
    row(
      "New person: code typed to the frame's password screen",
      login.newCodeToPasswordScreen,
      login.medians.newCodeToPasswordScreenMs,
    ),
    row(
      'New person: password submitted to account shown (wallet made, split, stored)',
      login.newPasswordToAccount,
      login.medians.newPasswordToAccountMs,
    ),
    '',
    `${login.loads} loads, each a new browser profile. The mail's trip through SMTP is not in these figures: the clock starts when the code is typed.`,
    ...login.pageErrors.map((error) => `- Page error: ${error.replace(/\s+/g, ' ').slice(0, 240)}`),
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const index = process.argv.indexOf('--runs')
  const runs = index === -1 ? 5 : Number(process.argv[index + 1]) || 5
  const result = await withBrowser((browser) => measureEmailLogin(browser, runs))
  console.log(emailLoginMarkdown(result).join('\n'))
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2))
}
