import type { ReactElement } from 'react'

/**
 * Short walkthrough of what the demo shows, for a person trying it for the first time.
 *
 * @example <TryThis />
 */
export function TryThis(): ReactElement {
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
        <li>Reload the page: you are still connected, with no prompt.</li>
        <li>
          Disconnect from the account view (click your address), or with <b>Disconnect site</b> in the dev
          wallet.
        </li>
      </ol>
    </section>
  )
}
