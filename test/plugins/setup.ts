import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(cleanup)

// Warm the lazy views' modules so no import is still in
// flight when a file's environment is torn down (the provider preloads core views after
// mount) and a click is answered within the few ticks tests wait.
beforeAll(async () => {
  await Promise.all([
    import('../../src/react/views/firstOpen'),
    import('../../plugins/send/views/SendView'),
    import('../../plugins/send/views/SendPreviewView'),
    import('../../plugins/receive/ReceiveView'),
  ])
})
