import { LEGAL_CHECKBOX_PLUGIN_ID } from 'latchkit/plugins/legal-checkbox'
import { useKernelState } from 'latchkit/react'
import type { ReactElement } from 'react'
import { flipSwitch } from './demoSwitches'

/**
 * The legal checkbox, off by default: the switch that turns it on or off for this browser,
 * and what it does.
 *
 * @example <LatchProvider kernel={kernel}><LegalCard /></LatchProvider>
 */
export function LegalCard(): ReactElement {
  const on = useKernelState((state) => state.plugins[LEGAL_CHECKBOX_PLUGIN_ID] !== undefined)
  return (
    <section
      className="card"
      aria-labelledby="legal-heading"
      data-testid="demo-legal"
      data-state={on ? 'on' : 'off'}
    >
      <h2 id="legal-heading">Terms checkbox</h2>
      <p className="muted">
        {on
          ? 'On: the Connect view asks you to agree to the Terms of Service and Privacy Policy before any way to connect can be used. Once ticked, this browser remembers it.'
          : 'Off. Turned on, the Connect view asks you to agree to the Terms of Service and Privacy Policy before any way to connect can be used.'}
      </p>
      <div className="card-actions">
        <button
          type="button"
          className={on ? 'quiet' : undefined}
          onClick={() => flipSwitch('legal-checkbox', !on)}
        >
          {on ? 'Turn off the terms checkbox' : 'Turn on the terms checkbox'}
        </button>
        <span className="muted">reloads the page</span>
      </div>
    </section>
  )
}
