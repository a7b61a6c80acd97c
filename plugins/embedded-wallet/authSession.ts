import {
  type AccountType,
  ConfigError,
  type ConnectorEvent,
  connect,
  type Network,
  type PluginContext,
  type SocialProvider,
  SwitchChainError,
} from 'latchkit'
import { AUTH_NAMESPACES, type AuthNamespace, loadModule } from 'latchkit/internal'
import type { FrameClient, FrameClientOptions, FrameRequestOptions, FrameTimings } from './createFrameClient'
import { alertFor } from './frameAlerts'
import type { FrameEvent, FramePayload, FrameRequestType, FrameSuccess, FrameUser } from './frameMessages'
import type { FrameOverlay } from './frameOverlay'
import { authConnectorId, EMBEDDED_WALLET_FRAME_VIEW_ID } from './ids'
import { embeddedWalletKeys } from './storageKeys'

/** A social login's account, as connectAfterLogin takes it. */
export interface SocialLogin {
  socialProvider: SocialProvider
  /** The name the provider knows the person by (a Farcaster username). */
  userName?: string
  /** The person's picture at the provider: an http(s) URL. */
  avatarUrl?: string
}

/** Requests that wait on the person in the frame's own screen: aborted when that screen goes away. */
const PERSON_WAITING_TYPES: ReadonlySet<FrameRequestType> = new Set([
  'SETUP_WALLET',
  'RECOVER_WALLET',
  'RPC_REQUEST',
])

/** Default account type per family; no smart-account network is configured, so the eoa is the one used. */
const DEFAULT_ACCOUNT_TYPES: Record<AuthNamespace, AccountType> = { eip155: 'smartAccount', solana: 'eoa' }

/** What runs the frame: the real client and overlay, loaded lazily; a test passes its own. */
export interface FrameRuntime {
  createFrameClient(options: FrameClientOptions): FrameClient
  createFrameOverlay(iframe: HTMLIFrameElement, modalZIndex: () => number): FrameOverlay
}

export interface AuthSessionSettings {
  frameUrl: string
  projectId?: string
  timings?: Partial<FrameTimings>
  /** Default: the real one, loaded the first time the frame is needed. */
  runtime?: () => Promise<FrameRuntime>
}

/**
 * What the embedded wallet offers other plugins (`services.get('embeddedWallet')`): the
 * email and social plugins log in through it, and lay the frame's screens in their views.
 */
export interface EmbeddedWalletService {
  /**
   * Sends one request to the frame, loading it first. A failure that deserves an alert
   * (the frame did not load, timed out, refused the origin, no project id, an RPC method
   * not allowed) shows it, and every failure rejects with a `LatchError`.
   */
  request<T extends FrameRequestType>(
    type: T,
    payload: FramePayload<T>,
    options?: FrameRequestOptions,
  ): Promise<FrameSuccess<T>>
  /**
   * After a login: connects every chain family the app configures, the one in view last;
   * a social login's provider is kept (for the reconnect) and shown as the account's
   * `socialProvider`, with the name and picture the provider gave as the account user's
   * `userName` and `avatarUrl`.
   */
  connectAfterLogin(method: 'email' | SocialLogin): Promise<void>
  /** The frame service's origin: the only one a login popup's result may come from. */
  frameOrigin(): string
  /** The user the frame reported for a family (the active one by default). */
  user(namespace?: string): FrameUser | undefined
  /** Sets the logged-in email everywhere it is shown, after an email update. */
  setUserEmail(email: string): void
  /** A view's placeholder for the frame's screens (null on unmount); returns the remover. */
  setFramePlaceholder(element: HTMLElement | null): () => void
  /** When the last email login started (ms), for the 30 s cooldown. */
  lastEmailLoginTime(): number | undefined
  markEmailLoginStarted(at: number): void
  /** Signs out at the frame (once, whichever family asked) and forgets the login locally. */
  signOut(): Promise<void>
}

export interface AuthSession extends EmbeddedWalletService {
  /** The user of a family at `network`, asked of the frame (GET_USER). */
  loadUser(namespace: AuthNamespace, network: Network | undefined): Promise<FrameUser>
  /** Whether a login lives in the frame, asked once per page load (silent reconnect). */
  restorable(): Promise<boolean>
  switchNetwork(namespace: AuthNamespace, chainId: string): Promise<void>
  subscribe(namespace: AuthNamespace, listener: (event: ConnectorEvent) => void): () => void
  /** Writes the user and the preferred account type into the family's account state. */
  showUser(namespace: AuthNamespace): void
  dispose(): void
}

/**
 * The embedded wallet's session on this page: the frame client (created on first need),
 * the overlay that shows the frame's screens, the user of each family, the stored login
 * marker and preferences, and the alerts. Both auth connectors share it.
 *
 * @example
 * const session = createAuthSession(ctx, { frameUrl: 'https://wallet.example' })
 * await session.request('CONNECT_EMAIL', { email: 'ada@example.com' })
 */
export function createAuthSession(ctx: PluginContext<undefined>, settings: AuthSessionSettings): AuthSession {
  const { kernel, storage, logger } = ctx
  let client: Promise<FrameClient> | undefined
  let overlay: FrameOverlay | undefined
  let placeholderRemoved: ReturnType<typeof setTimeout> | undefined
  let restoring: Promise<boolean> | undefined
  let openedFrameView = false
  let stopThemeSync: (() => void) | undefined
  let disposed = false
  const users = new Map<AuthNamespace, FrameUser>()
  const waiting = new Set<AbortController>()
  const placeholders: HTMLElement[] = []
  const subscribers = new Map<AuthNamespace, Set<(event: ConnectorEvent) => void>>()

  const emit = (namespace: AuthNamespace, event: ConnectorEvent) => {
    for (const listener of [...(subscribers.get(namespace) ?? [])]) listener(event)
  }
  const alert = (error: unknown) => {
    const key = alertFor(error)
    if (key) ctx.snackbar.error(ctx.i18n.t(key))
  }
  const modalZIndex = () => Number(kernel.getState().theme.variables['z-index'] ?? 999) || 999
  const currentPlaceholder = () => placeholders.at(-1) ?? null

  const forgetLogin = () => {
    storage.remove(embeddedWalletKeys.session)
    storage.remove(embeddedWalletKeys.socialProvider)
    storage.remove(embeddedWalletKeys.socialUser)
    users.clear()
  }

  const onFrameEvent = (event: FrameEvent) => {
    if (event.type === 'FRAME_SHOW') {
      clearTimeout(placeholderRemoved)
      if (!overlay?.hasPlaceholder()) {
        // An approval asked from the page while no view hosts the frame: open one that does.
        openedFrameView = true
        if (kernel.getState().modal.open) kernel.router.push(EMBEDDED_WALLET_FRAME_VIEW_ID)
        else kernel.router.open(EMBEDDED_WALLET_FRAME_VIEW_ID)
      }
      overlay?.show(event.payload.height)
    } else if (event.type === 'FRAME_HIDE') {
      overlay?.hide()
      if (openedFrameView && kernel.router.current()?.view === EMBEDDED_WALLET_FRAME_VIEW_ID)
        kernel.router.goBack()
      openedFrameView = false
    } else if (event.type === 'SESSION_EXPIRED') {
      ctx.snackbar.error(ctx.i18n.t('embeddedWallet.alert.sessionExpired'))
      forgetLogin()
      for (const namespace of AUTH_NAMESPACES) emit(namespace, { type: 'disconnect' })
    }
  }

  const chainForFrame = (): string => {
    const state = kernel.getState()
    const active = state.activeNamespace
    const network =
      (active && (AUTH_NAMESPACES as readonly string[]).includes(active)
        ? state.networks[active]?.caipNetwork
        : undefined) ?? AUTH_NAMESPACES.flatMap((namespace) => kernel.networks(namespace))[0]
    return network?.caipNetworkId ?? 'eip155:1'
  }

  const syncAppData = (frame: FrameClient) => {
    const { metadata, sdkType, sdkVersion } = ctx.options
    const location = globalThis.location
    void frame
      .request('SYNC_DAPP_DATA', {
        metadata: {
          name: metadata?.name ?? (location?.host || 'App'),
          description: metadata?.description ?? '',
          url: metadata?.url ?? location?.origin ?? '',
          // The frame takes at most 16 icons of at most 2048 characters (no large data URIs).
          icons: (metadata?.icons ?? []).filter((icon) => icon.length <= 2048).slice(0, 16),
        },
        projectId: settings.projectId ?? ctx.options.projectId ?? '',
        sdkVersion,
        sdkType,
      })
      .catch((error) => logger.info('SYNC_DAPP_DATA failed', error))
    syncTheme(frame)
    // The frame's screens follow the modal's theme when the app changes it.
    stopThemeSync = kernel.store.subscribe((state, previous) => {
      if (state.theme !== previous.theme) syncTheme(frame)
    })
  }

  const syncTheme = (frame: FrameClient) => {
    const theme = kernel.getState().theme
    const dark =
      theme.mode === 'dark' ||
      (theme.mode === 'system' && globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches === true)
    void frame
      .request('SYNC_THEME', {
        themeMode: dark ? 'dark' : 'light',
        themeVariables: Object.fromEntries(
          Object.entries(theme.variables).filter(([name, value]) => name.length <= 64 && value.length <= 256),
        ),
      })
      .catch((error) => logger.info('SYNC_THEME failed', error))
  }

  const frameClient = (): Promise<FrameClient> => {
    if (client) return client
    const created = (async () => {
      const projectId = settings.projectId ?? ctx.options.projectId
      if (!projectId) {
        throw new ConfigError('Project ID Not Configured', {
          code: 'PROJECT_ID_NOT_CONFIGURED',
          details: 'embeddedWallet() needs a projectId: pass it to the plugin or to createKernel',
        })
      }
      const runtime = await (settings.runtime?.() ??
        loadModule(() => import('./frameRuntime'), 'the embedded wallet'))
      if (disposed)
        throw new ConfigError('The embedded wallet was removed', { code: 'EMBEDDED_WALLET_CLOSED' })
      const frame = runtime.createFrameClient({
        frameUrl: settings.frameUrl,
        projectId,
        chainId: chainForFrame(),
        sdkVersion: ctx.options.sdkVersion,
        enableLogger: logger.getLevel() === 'debug',
        logger,
        ...(settings.timings ? { timings: settings.timings } : {}),
      })
      try {
        await frame.ready()
      } catch (error) {
        frame.destroy()
        throw error
      }
      overlay = runtime.createFrameOverlay(frame.iframe, modalZIndex)
      const placeholder = currentPlaceholder()
      if (placeholder) overlay.setPlaceholder(placeholder)
      frame.onEvent(onFrameEvent)
      syncAppData(frame)
      return frame
    })()
    client = created
    // A frame that failed to load is made anew on the next attempt.
    created.catch(() => {
      if (client === created) client = undefined
    })
    return created
  }

  const request: EmbeddedWalletService['request'] = async (type, payload, options = {}) => {
    const controller = PERSON_WAITING_TYPES.has(type) ? new AbortController() : undefined
    const onAbort = () => controller?.abort()
    if (controller) {
      waiting.add(controller)
      if (options.signal?.aborted) controller.abort()
      options.signal?.addEventListener('abort', onAbort, { once: true })
    }
    try {
      const frame = await frameClient()
      return await frame.request(type, payload, controller ? { signal: controller.signal } : options)
    } catch (error) {
      alert(error)
      throw error
    } finally {
      if (controller) {
        waiting.delete(controller)
        options.signal?.removeEventListener('abort', onAbort)
      }
    }
  }

  const preferredType = (namespace: AuthNamespace): AccountType =>
    storage.get('preferredAccountTypes')?.[namespace] ?? DEFAULT_ACCOUNT_TYPES[namespace]

  const session: AuthSession = {
    request,

    async loadUser(namespace, network) {
      const preferred = preferredType(namespace)
      const stored = storage.get(embeddedWalletKeys.lastUsedChain)
      const chainId =
        network?.caipNetworkId ??
        (stored?.startsWith(`${namespace}:`) ? stored : kernel.networks(namespace)[0]?.caipNetworkId)
      if (!chainId)
        throw new ConfigError(`No ${namespace} network is configured`, { code: 'CHAIN_NOT_CONFIGURED' })
      const answer = await request('GET_USER', {
        chainId,
        ...(preferred === 'eoa' || preferred === 'smartAccount' ? { preferredAccountType: preferred } : {}),
      })
      // The preference is the person's, kept and reported as it is; the frame answers for
      // the account it uses (the eoa, as no smart-account network is configured).
      const user = {
        ...answer,
        preferredAccountType: preferred === 'smartAccount' ? 'smartAccount' : 'eoa',
      } as const
      users.set(namespace, user)
      storage.set(embeddedWalletKeys.session, true)
      storage.set(embeddedWalletKeys.lastUsedChain, user.chainId)
      // The kernel's own keys: it starts the next visit's accounts with these preferences.
      storage.set('preferredAccountTypes', {
        ...storage.get('preferredAccountTypes'),
        [namespace]: user.preferredAccountType,
      })
      if (!storage.get('smartAccountEnabledNetworks')) storage.set('smartAccountEnabledNetworks', [])
      return user
    },

    restorable() {
      if (!storage.get(embeddedWalletKeys.session)) return Promise.resolve(false)
      restoring ??= request('IS_CONNECTED', {}).then(
        ({ isConnected }) => {
          if (!isConnected) forgetLogin()
          return isConnected
        },
        (error) => {
          logger.info('the embedded wallet could not be asked for its login', error)
          restoring = undefined
          return false
        },
      )
      return restoring
    },

    async connectAfterLogin(method) {
      storage.set(embeddedWalletKeys.session, true)
      if (method === 'email') {
        storage.set(embeddedWalletKeys.emailLoginUsed, true)
        storage.remove(embeddedWalletKeys.socialProvider)
        storage.remove(embeddedWalletKeys.socialUser)
      } else {
        storage.set(embeddedWalletKeys.socialProvider, method.socialProvider)
        const { userName, avatarUrl } = method
        if (userName || avatarUrl)
          storage.set(embeddedWalletKeys.socialUser, {
            ...(userName ? { userName } : {}),
            ...(avatarUrl ? { avatarUrl } : {}),
          })
        else storage.remove(embeddedWalletKeys.socialUser)
      }
      restoring = Promise.resolve(true)
      const active = kernel.getState().activeNamespace
      const families = AUTH_NAMESPACES.filter(
        (namespace) =>
          kernel.networks(namespace).length > 0 && kernel.connectors.has(authConnectorId(namespace)),
      ).sort((a, b) => Number(a === active) - Number(b === active))
      const failures: unknown[] = []
      for (const namespace of families) {
        const connected = kernel.getState().connectorIds[namespace]
        if (connected === authConnectorId(namespace)) continue
        try {
          await connect(kernel, { connectorId: authConnectorId(namespace) })
        } catch (error) {
          failures.push(error)
          logger.warn(`the embedded wallet could not connect ${namespace}`, error)
        }
      }
      if (failures.length === families.length && failures.length > 0) throw failures[0]
    },

    frameOrigin() {
      return new URL(settings.frameUrl).origin
    },

    user(namespace) {
      const family = (namespace ?? kernel.getState().activeNamespace) as AuthNamespace | undefined
      return (family && users.get(family)) ?? [...users.values()][0]
    },

    setUserEmail(email) {
      for (const [namespace, user] of users) {
        users.set(namespace, { ...user, email })
        session.showUser(namespace)
      }
    },

    setFramePlaceholder(element) {
      if (!element) return () => {}
      placeholders.push(element)
      clearTimeout(placeholderRemoved)
      const forget = overlay?.setPlaceholder(element)
      return () => {
        placeholders.splice(placeholders.indexOf(element), 1)
        forget?.()
        const previous = currentPlaceholder()
        if (previous) overlay?.setPlaceholder(previous)
        // The view that hosted the frame's screen went away (the modal closed): stop what
        // waited on that screen then, unless another placeholder took over meanwhile. A
        // request that came after (the page asking for a signature right after a login)
        // is not this view's to stop, and a new screen (FRAME_SHOW) cancels the check.
        const waitingThen = [...waiting]
        placeholderRemoved = setTimeout(() => {
          if (!overlay?.visible() || overlay.hasPlaceholder()) return
          overlay.hide()
          for (const controller of waitingThen) if (waiting.has(controller)) controller.abort()
        }, 100)
      }
    },

    lastEmailLoginTime: () => storage.get(embeddedWalletKeys.lastEmailLoginTime),
    markEmailLoginStarted: (at) => void storage.set(embeddedWalletKeys.lastEmailLoginTime, at),

    async signOut() {
      if (!storage.get(embeddedWalletKeys.session) && users.size === 0) return
      forgetLogin()
      restoring = undefined
      if (!client) return
      await request('SIGN_OUT', {})
    },

    async switchNetwork(namespace, chainId) {
      // The frame would take any chain and then fail every read: a chain the app does not
      // configure is unrecognized (4902), as a wallet answers for a chain it does not know.
      if (!kernel.networks(namespace).some((network) => network.caipNetworkId === chainId)) {
        throw new SwitchChainError({ details: `${chainId} is not one of the app's networks` })
      }
      const { chainId: switched } = await request('SWITCH_NETWORK', { chainId })
      const user = users.get(namespace)
      if (user) users.set(namespace, { ...user, chainId: switched })
      storage.set(embeddedWalletKeys.lastUsedChain, switched)
      const reference = switched.slice(switched.indexOf(':') + 1)
      emit(namespace, {
        type: 'chainChanged',
        chainId: namespace === 'eip155' ? Number(reference) : reference,
      })
    },

    subscribe(namespace, listener) {
      const set = subscribers.get(namespace) ?? new Set()
      set.add(listener)
      subscribers.set(namespace, set)
      return () => set.delete(listener)
    },

    showUser(namespace) {
      const user = users.get(namespace)
      if (!user) return
      kernel.store.setState((draft) => {
        // user, preferredAccountTypes and smartAccountDeployed are the account's slots for
        // what an embedded wallet reports.
        const account = draft.accounts[namespace]
        if (!account || draft.connectorIds[namespace] !== authConnectorId(namespace)) return
        const social = storage.get(embeddedWalletKeys.socialUser)
        const userName = user.userName ?? social?.userName
        account.user = {
          ...(user.email ? { email: user.email } : {}),
          address: user.address,
          chainId: user.chainId,
          accounts: user.accounts.map((entry) => ({ ...entry })),
          ...(userName ? { userName } : {}),
          ...(social?.avatarUrl ? { avatarUrl: social.avatarUrl } : {}),
          preferredAccountType: user.preferredAccountType,
          smartAccountDeployed: user.smartAccountDeployed,
        }
        account.preferredAccountTypes[namespace] = user.preferredAccountType
        account.smartAccountDeployed = user.smartAccountDeployed
        // Until a names service says otherwise, the account is named and pictured as the
        // login's provider knows the person (a Farcaster username and profile picture).
        if (userName && !account.profileName) account.profileName = userName
        if (social?.avatarUrl && !account.profileImage) account.profileImage = social.avatarUrl
        const socialProvider = storage.get(embeddedWalletKeys.socialProvider)
        if (socialProvider) account.socialProvider = socialProvider
        const network = draft.networks[namespace]
        if (network) network.smartAccountEnabledNetworks = storage.get('smartAccountEnabledNetworks') ?? []
      })
    },

    dispose() {
      disposed = true
      stopThemeSync?.()
      clearTimeout(placeholderRemoved)
      for (const controller of [...waiting]) controller.abort()
      overlay?.dispose()
      void client?.then((frame) => frame.destroy()).catch(() => {})
      client = undefined
      subscribers.clear()
    },
  }
  return session
}
