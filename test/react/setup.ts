import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(cleanup)

// The provider preloads the dialog and a core view after mount; warm the module cache so no import is still in flight when a test file's
// environment is torn down, and a click is answered within the few ticks tests wait.
beforeAll(async () => {
  await Promise.all([
    import('../../src/react/views/firstOpen'),
    // The actions' work loads on their first call (src/kernel/actions/run).
    import('../../src/kernel/actions/run/connect'),
    import('../../src/kernel/actions/run/disconnect'),
    import('../../src/kernel/actions/run/switchNetwork'),
    import('../../src/kernel/actions/run/signMessage'),
    import('../../src/kernel/actions/run/sendTransaction'),
    import('../../src/kernel/actions/readTokenBalances'),
    import('../../src/react/views/NetworksView'),
    import('../../src/react/views/UnsupportedChainView'),
  ])
})
