import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(cleanup)

// findBy and waitFor give up after 1 s by default: on a loaded 2-core CI machine a view's
// lazy chunk and its first render took longer, and the tests after it failed in turn.
configure({ asyncUtilTimeout: 5_000 })

// Warm the lazy views' modules so no import is still in
// flight when a file's environment is torn down (the provider preloads core views after
// mount) and a click is answered within the few ticks tests wait.
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
    import('../../plugins/send/views/SendView'),
    import('../../plugins/send/views/SendPreviewView'),
    import('../../plugins/receive/views/ReceiveView'),
  ])
})
