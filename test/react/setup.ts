import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(cleanup)

// The provider preloads a core view after mount; warm the module cache so no import is
// still in flight when a test file's environment is torn down.
beforeAll(async () => {
  await Promise.all([
    import('../../src/react/views/ConnectView'),
    import('../../src/react/views/ConnectingExternalView'),
    import('../../src/react/views/AccountView'),
    import('../../src/react/views/NetworksView'),
    import('../../src/react/views/UnsupportedChainView'),
  ])
})
