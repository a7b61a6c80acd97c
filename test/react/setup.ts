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
    // Warm the module the actions import (its index), not only the files behind it: a
    // cold index took longer than a click's few ticks on a loaded CI machine.
    import('../../src/kernel/actions/run'),
    import('../../src/kernel/api/sendApiRequest'),
    import('../../src/react/views/NetworksView'),
    import('../../src/react/views/UnsupportedChainView'),
  ])
})
