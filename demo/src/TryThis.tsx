import { useKernel } from 'latchkit/react'
import type { ReactElement } from 'react'

/**
 * Short walkthrough of what the demo shows, for a person trying it for the first time.
 *
 * @example
 * <TryThis
 *   mailboxUrl={config.embeddedWallet?.mailboxUrl}
 *   farcasterAppUrl={config.embeddedWallet?.farcasterAppUrl}
 * />
 */
export function TryThis({
  mailboxUrl,
  farcasterAppUrl,
}: {
  mailboxUrl?: string
  farcasterAppUrl?: string
}): ReactElement {
  const apiUrl = useKernel().api.url('blockchain')
  return (
    <section className="card" aria-labelledby="try-heading">
      <h2 id="try-heading">Try this</h2>
      <ol className="steps">
        <li>
          Click <b>Connect Wallet</b>, pick <b>Latch Dev Wallet</b>, then <b>Approve</b> in the dev wallet
          panel at the bottom left. Your address and balance appear here and in the account button.
        </li>
        <li>
          Connect again and click <b>Reject</b> instead: the widget says the request was declined and offers{' '}
          <b>Try again</b>.
        </li>
        <li>
          Click the network button and pick <b>Latch Local 31338</b>; approve the switch in the dev wallet.
        </li>
        <li>
          In the dev wallet, choose the network <b>Outside Chain 31339</b>, which this app does not support:
          the widget asks you to switch back. Pick a supported network and approve.
        </li>
        <li>Pick another account in the dev wallet: the app follows it.</li>
        <li>
          Solana: click <b>Connect Wallet</b>, pick <b>Latch Dev Solana</b> and <b>Approve</b> in its prompt
          at the bottom right. The account view shows 100 SOL and 10,000 Latch USD (the 0-decimal test token
          is left out on purpose).
        </li>
        <li>
          Both at once: with one connected, click the network button and pick a network of the other kind (
          <b>Latch Solana Local</b> or <b>Latch Local 31337</b>); the widget offers Connect there. Once both
          are connected, the network list moves between the two accounts without asking either wallet.
        </li>
        <li>
          Click <b>Buy</b> in the account view: pick <b>LUSD</b>, type <code>100</code> USD and choose{' '}
          <b>Latch Ramp</b>. Its test checkout opens in a new window: pay with the card{' '}
          <code>4242 4242 4242 4242</code>; the widget sees the purchase land and shows the new balance. The
          card <code>4000 0000 0000 0002</code> is declined, and the widget says <b>Buy failed</b>.
        </li>
        <li>
          On <b>Latch Local 31337</b>, open the account view and click <b>Swap</b>: type <code>0.1</code> ETH,
          pick <b>LUSD</b> to receive, <b>Review swap</b>, then <b>Swap</b> and approve in the dev wallet.
          Swap some LUSD to <b>LTK</b> next: the review asks you to <b>Approve LUSD</b> first. <b>ZDT</b> has
          no pool, so the widget says the liquidity is insufficient. On Latch Local 31338 the Swap button is
          disabled and says where swaps work.
        </li>
        <li>
          Names: the first dev account is <b>alice.eth</b>, with its avatar on the account button. In{' '}
          <b>Send</b>, type <code>bob.eth</code> as the receiver: the widget shows its address before you
          confirm. Pick the third account in the dev wallet (<code>0x3C44…93BC</code>), open the account view
          and click <b>Choose a name</b>: type a name of 4 or more letters, digits or hyphens, pick an{' '}
          <b>Available</b> one, and sign in the dev wallet; the account view then shows it instead of the
          address. <code>abc</code> is too short, and a name taken by someone says so.
        </li>
        <li>
          On Solana, <b>Send</b> SOL or LUSD from the account view to another dev account, e.g.{' '}
          <code>GhRyoUhND4gg9r43H76zuc1ukkDhuv8uSqiGesTXuxYY</code>, and approve in the Solana prompt; the
          balances update. <b>Receive</b> shows your Solana address as a QR code.
        </li>
        {mailboxUrl && (
          <li>
            No wallet? Disconnect, then type any email in the Connect view and click <b>Continue</b>. The code
            lands in{' '}
            <a href={mailboxUrl} target="_blank" rel="noreferrer">
              the local mailbox
            </a>
            : type it, choose a recovery password in the wallet's own screen, and you have an EVM and a Solana
            account. Send it some ETH from a dev account, then send or sign from it: you approve in the
            wallet's screen, which this page cannot click for you.
          </li>
        )}
        {farcasterAppUrl && (
          <li>
            Farcaster: disconnect, click <b>Connect Wallet</b>, then <b>Continue with Farcaster</b>. Copy the
            sign-in code the widget shows with its QR code (a <code>farcaster://</code> link), open{' '}
            <a href={farcasterAppUrl} target="_blank" rel="noreferrer">
              the dev Farcaster app
            </a>
            , paste it, choose <b>alice-dev</b> and <b>Approve</b>. Set a recovery password in the wallet's
            own screen: the wallet is the embedded one, as with email.
          </li>
        )}
        <li>Reload the page: you are still connected, with no prompt.</li>
        <li>
          Under <b>Sign in with the wallet</b>, click <b>Turn on sign-in</b>. Once connected, the widget asks
          you to <b>Sign</b> a message; approve it in the dev wallet. The card shows who is signed in, after a
          reload too (and after restarting <code>npm run demo</code>); <b>Sign out</b> ends the session on the
          server.
        </li>
        {apiUrl && (
          <li>
            See how the connect flow went:{' '}
            <a href={`${apiUrl}/analytics?projectId=latchkit-demo`} target="_blank" rel="noreferrer">
              the connect funnel
            </a>{' '}
            counts modal opens, connection attempts and successes by wallet, as the local API's collector
            received them from this page.
          </li>
        )}
        <li>
          Disconnect from the account view (click your address), or with <b>Disconnect site</b> in the dev
          wallet.
        </li>
      </ol>
    </section>
  )
}
