/**
 * Which of the configured services are up. `/healthz` says the process answers (it is
 * served from the moment the port is open); `/readyz` says every configured service has
 * started, naming those that have not, so a load balancer sends visitors only to an
 * instance that can serve all of its routes, and stops sending them once it is stopping.
 *
 * The history indexers the server runs are reported beside the services but do not hold
 * readiness back: a first catch-up can take hours, during which every other route serves
 * and the history route itself answers 503 with how far the index is.
 */
import type { IndexerStatus } from '../history/runningHistory.js'

export type ServiceState = 'starting' | 'ready' | 'stopping'

export type Readiness = {
  /** Marks one service; a name not given at creation is added. */
  set(service: string, state: ServiceState): void
  /** Every service stopping: `/readyz` turns 503 before the port closes. */
  stopping(): void
  /** Whether every service is ready. */
  ready(): boolean
  /** Each service's state, in the order they were named. */
  states(): Record<string, ServiceState>
  /** Each indexer the server runs and where it stands (empty when it runs none). */
  indexers(): Record<string, IndexerStatus>
}

/**
 * @example
 * const readiness = createReadiness(['api', 'siwe'])
 * readiness.set('api', 'ready')
 * readiness.ready() // false: siwe is still starting
 */
export function createReadiness(
  services: readonly string[],
  indexers: () => Record<string, IndexerStatus> = () => ({}),
): Readiness {
  const states = new Map<string, ServiceState>(services.map((service) => [service, 'starting']))
  return {
    indexers,
    set: (service, state) => void states.set(service, state),
    stopping() {
      for (const service of states.keys()) states.set(service, 'stopping')
    },
    ready: () => [...states.values()].every((state) => state === 'ready'),
    states: () => Object.fromEntries(states),
  }
}
