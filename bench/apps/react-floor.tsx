// The floor of the cold path, not a row of the comparison: React 19 rendering a button
// and, on click, a dialog listing the wallets EIP-6963 announced. No Latchkit, nothing
// lazy. bench/coldPath.ts measures it beside Latchkit minimal to show how much of the
// cold path is the browser and React rather than us.
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'

function App() {
  const [open, setOpen] = useState(false)
  const [wallets, setWallets] = useState<string[]>([])
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const name = (event as CustomEvent<{ info: { name: string } }>).detail.info.name
      setWallets((known) => (known.includes(name) ? known : [...known, name]))
    }
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    return () => window.removeEventListener('eip6963:announceProvider', onAnnounce)
  }, [])
  return (
    <>
      <button type="button" data-latchkit="connect-button" onClick={() => setOpen(true)}>
        Connect
      </button>
      {open && (
        <div role="dialog" aria-label="Connect">
          <ul>
            {wallets.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}

const root = document.getElementById('root')
if (root) createRoot(root).render(<App />)
