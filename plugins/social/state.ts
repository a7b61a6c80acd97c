import type { SocialLoginProvider } from './providers'

/** The plugin's state: the providers the app offers, in its order. */
export interface SocialState {
  providers: readonly SocialLoginProvider[]
}
