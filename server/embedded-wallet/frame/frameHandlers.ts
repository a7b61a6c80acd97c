/**
 * What the frame does for each request type of the protocol: email login through the
 * service, the wallet made, unlocked or recovered here, the frame's own screens for the
 * password and for approvals, and RPC. State lives in one object per frame; the keys stay
 * in it (this window's memory) and are never posted.
 */
import { hasDeviceShare, loadDeviceShare, saveDeviceShare } from './keys/deviceShare.js'
import type { FrameStorage } from './keys/frameStorage.js'
import { FrameKeyError } from './keys/keyErrors.js'
import { makeWallet, recoverWallet, unlockWallet } from './keys/wallet.js'
import type { WalletAddresses, WalletKeys } from './keys/walletKeys.js'
import { FrameRequestError, notAllowed, notConnected, userRejected } from './protocol/frameRequestError.js'
import { avatarUrlSchema, type FrameEvent } from './protocol/messages.js'
import type { RequestHandlers } from './protocol/portServer.js'
import { describeRequest } from './rpc/describeRequest.js'
import { answerEvmSigning, evmChainIdHex } from './rpc/evmRequests.js'
import { rpcMethodKind } from './rpc/rpcMethods.js'
import { answerSolanaSigning } from './rpc/solanaRequests.js'
import { askApproval } from './screens/approveScreen.js'
import { screenHeight } from './screens/dom.js'
import { enterRecoveryPassword, setRecoveryPassword } from './screens/passwordScreens.js'
import { applyTheme } from './screens/theme.js'
import { ChainRpcError, type ServiceClient, ServiceRequestError, type WalletState } from './serviceClient.js'

export const SESSION_TOKEN_ENTRY = 'sessionToken'

/** How often CONNECT_FARCASTER asks the service whether the person approved. */
export const FARCASTER_POLL_MS = 1000
/**
 * The longest CONNECT_FARCASTER waits. The service refuses a flow older than ten minutes
 * (FARCASTER_FLOW_EXPIRED), which ends the wait first; this bounds it should that answer
 * never come.
 */
const FARCASTER_WAIT_MS = 10 * 60_000 + 30_000

/** Resolves after `ms`, or at once when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
    if (signal.aborted) done()
  })

export interface FrameState {
  deviceId: string
  token: string | undefined
  chainId: string
  pendingEmail?: string | undefined
  /** `email` is null for a person who logged in only with a social account. */
  user?: { id: string; email: string | null } | undefined
  wallet?: WalletState | undefined
  keys?: WalletKeys | undefined
  appName?: string | undefined
}

export interface FrameContext {
  projectId: string
  parentOrigin: string
  document: Document
  root: HTMLElement
  storage: FrameStorage
  service: ServiceClient
  state: FrameState
  emit: (event: FrameEvent) => void
  log: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void
}

/**
 * @example
 * const server = servePort(port, createFrameHandlers(context), (message) => context.log('warn', message))
 */
export function createFrameHandlers(context: FrameContext): RequestHandlers {
  const { service, storage, state, emit, root } = context
  let screens: Promise<unknown> = Promise.resolve()

  /** One screen at a time: a second request that needs one waits for the first. */
  const exclusive = <T>(run: () => Promise<T>): Promise<T> => {
    const next = screens.then(run, run)
    screens = next.catch(() => {})
    return next
  }

  const shownAs = (reason: 'approve' | 'setup' | 'recover') => () =>
    emit({ type: 'FRAME_SHOW', payload: { reason, height: screenHeight(root) } })

  const forgetSession = async () => {
    state.token = undefined
    state.user = undefined
    state.wallet = undefined
    state.keys = undefined
    await storage.delete(SESSION_TOKEN_ENTRY)
  }

  /** After a refusal: a session the service no longer takes (401) is forgotten here and announced. */
  const noteLostSession = async (error: unknown) => {
    if (error instanceof ServiceRequestError && error.status === 401) {
      await forgetSession()
      emit({ type: 'SESSION_EXPIRED' })
    }
  }

  /** A service call whose refusal becomes the request's error; a lost session is announced. */
  const ask = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      if (error instanceof ServiceRequestError) {
        await noteLostSession(error)
        throw new FrameRequestError(error.message, error.code, { cause: error })
      }
      throw error
    }
  }

  const requireUser = () => {
    if (!state.user || !state.token) throw new FrameRequestError('Log in first', 'no_session')
    return state.user
  }

  const requireKeys = (): WalletKeys => {
    if (!state.keys) throw notConnected()
    return state.keys
  }

  /** Rebuilds the keys from this device's share and the service's auth share. */
  const unlockHere = async (addresses: Partial<WalletAddresses>): Promise<void> => {
    const user = requireUser()
    if (!addresses.eip155 || !addresses.solana)
      throw new FrameRequestError('This account has no wallet yet', 'no_wallet')
    const deviceShare = await loadDeviceShare(storage, user.id)
    const { authShare } = await ask(() => service.authShare())
    state.keys = await unlockWallet({
      deviceShare,
      authShare,
      addresses: { eip155: addresses.eip155, solana: addresses.solana },
    })
  }

  const saveToken = async (token: string) => {
    state.token = token
    await storage.set(SESSION_TOKEN_ENTRY, token)
  }

  /**
   * After a login (email code, social account or Farcaster): keeps the session, then says what the
   * wallet needs on this device: nothing (unlocked here), a set-up, or a recovery.
   */
  const loggedIn = async (login: {
    sessionToken: string
    user: { id: string; email: string | null }
    wallet: WalletState
  }): Promise<{ action: 'CONNECT' | 'SETUP_WALLET' | 'RECOVER_WALLET' }> => {
    await saveToken(login.sessionToken)
    state.user = login.user
    state.wallet = login.wallet
    state.keys = undefined
    if (login.wallet === 'none') return { action: 'SETUP_WALLET' }
    if (login.wallet === 'this-device' && (await hasDeviceShare(storage, login.user.id))) {
      try {
        const session = await ask(() => service.session())
        await unlockHere(session.addresses)
        return { action: 'CONNECT' }
      } catch (error) {
        // A share that no longer opens (storage cleared, another split): recover instead.
        if (!(error instanceof FrameKeyError)) throw error
        context.log('warn', `this device's share did not unlock the wallet (${error.code}): recovering`)
      }
    }
    return { action: 'RECOVER_WALLET' }
  }

  const addressFor = (chainId: string, keys: WalletKeys) =>
    chainId.startsWith('solana:') ? keys.addresses.solana : keys.addresses.eip155

  return {
    async IS_CONNECTED() {
      if (!state.token) return { isConnected: false }
      try {
        const session = await service.session()
        state.user = session.user
        state.wallet = session.wallet
        if (state.keys) return { isConnected: true }
        if (session.wallet !== 'this-device' || !(await hasDeviceShare(storage, session.user.id)))
          return { isConnected: false }
        await unlockHere(session.addresses)
        return { isConnected: true }
      } catch (error) {
        if (error instanceof ServiceRequestError && error.status === 401) await forgetSession()
        context.log('info', `not connected: ${error instanceof Error ? error.message : 'unknown error'}`)
        return { isConnected: false }
      }
    },

    async CONNECT_EMAIL({ email }) {
      state.pendingEmail = email
      return ask(() =>
        service.emailStart({
          projectId: context.projectId,
          email,
          deviceId: state.deviceId,
          parentOrigin: context.parentOrigin,
        }),
      )
    },

    async CONNECT_DEVICE(_payload, signal) {
      const email = state.pendingEmail
      if (!email) throw new FrameRequestError('Enter your email first', 'no_email')
      const { approved } = await ask(() =>
        service.deviceWait({ projectId: context.projectId, email, deviceId: state.deviceId }, signal),
      )
      return { approved }
    },

    async CONNECT_OTP({ otp }) {
      const email = state.pendingEmail
      if (!email) throw new FrameRequestError('Enter your email first', 'no_email')
      const verified = await ask(() =>
        service.emailVerify({
          projectId: context.projectId,
          email,
          otp,
          deviceId: state.deviceId,
          parentOrigin: context.parentOrigin,
        }),
      )
      state.pendingEmail = undefined
      return loggedIn(verified)
    },

    async GET_SOCIAL_REDIRECT_URI({ provider }) {
      const { url } = await ask(() =>
        service.socialStart({
          projectId: context.projectId,
          provider,
          deviceId: state.deviceId,
          parentOrigin: context.parentOrigin,
        }),
      )
      return { uri: url }
    },

    async CONNECT_SOCIAL({ uri }) {
      const finished = await ask(() =>
        service.socialFinish({ projectId: context.projectId, deviceId: state.deviceId, result: uri }),
      )
      const { action } = await loggedIn(finished)
      return { action, provider: finished.provider }
    },

    async GET_FARCASTER_URI() {
      const { url, channelId } = await ask(() =>
        service.farcasterStart({
          projectId: context.projectId,
          deviceId: state.deviceId,
          parentOrigin: context.parentOrigin,
        }),
      )
      return { uri: url, channelId }
    },

    async CONNECT_FARCASTER({ channelId }, signal) {
      const deadline = Date.now() + FARCASTER_WAIT_MS
      const body = { projectId: context.projectId, deviceId: state.deviceId, channelId }
      for (;;) {
        let answer: Awaited<ReturnType<ServiceClient['farcasterFinish']>> | undefined
        try {
          answer = await ask(() => service.farcasterFinish(body, signal))
        } catch (error) {
          // A relay or network that fails for a moment does not end a wait of minutes; any
          // refusal of the flow itself (expired, used, refused signature) does.
          const cause = error instanceof FrameRequestError ? error.cause : undefined
          const transient =
            cause instanceof ServiceRequestError && (cause.status === 0 || cause.code === 'RELAY_UNAVAILABLE')
          if (!transient || signal.aborted || Date.now() >= deadline) throw error
        }
        if (answer?.state === 'completed') {
          const { action } = await loggedIn(answer)
          return {
            action,
            fid: answer.fid,
            ...(answer.username !== null ? { username: answer.username } : {}),
            ...(avatarUrlSchema.safeParse(answer.pfpUrl).success
              ? { avatarUrl: answer.pfpUrl as string }
              : {}),
          }
        }
        if (Date.now() >= deadline)
          throw new FrameRequestError(
            'The sign-in was not approved in time: start again',
            'farcaster_timeout',
          )
        await pause(FARCASTER_POLL_MS, signal)
        // The port server has answered the abort already; this only stops the polling.
        if (signal.aborted) throw new FrameRequestError('The sign-in wait was stopped', 'aborted')
      }
    },

    SETUP_WALLET(_payload, signal) {
      const user = requireUser()
      if (state.wallet !== 'none')
        throw new FrameRequestError('This account already has a wallet', 'wallet_exists')
      return exclusive(async () => {
        try {
          await setRecoveryPassword({
            root,
            signal,
            shown: shownAs('setup'),
            submit: async (password) => {
              const made = await makeWallet(password)
              const { recovery } = made.upload
              await ask(() =>
                service.createWallet({
                  ...made.upload,
                  recovery: { encryptedShare: recovery.encryptedShare, kdf: { ...recovery.kdf } },
                }),
              )
              await saveDeviceShare(storage, user.id, made.deviceShare)
              state.keys = made.keys
              state.wallet = 'this-device'
            },
          })
        } finally {
          emit({ type: 'FRAME_HIDE' })
        }
        return {}
      })
    },

    async RECOVER_WALLET(_payload, signal) {
      const user = requireUser()
      const material = await ask(() => service.recovery())
      return exclusive(async () => {
        try {
          await enterRecoveryPassword({
            root,
            signal,
            shown: shownAs('recover'),
            submit: async (password) => {
              const recovered = await recoverWallet(
                {
                  recovery: { encryptedShare: material.encryptedShare, kdf: material.kdf },
                  serverRecoveryShare: material.serverRecoveryShare,
                  addresses: material.addresses,
                },
                password,
              )
              await ask(() => service.addDevice({ authShare: recovered.authShare }))
              await saveDeviceShare(storage, user.id, recovered.deviceShare)
              state.keys = recovered.keys
              state.wallet = 'this-device'
            },
          })
        } finally {
          emit({ type: 'FRAME_HIDE' })
        }
        return {}
      })
    },

    async GET_USER({ chainId }) {
      const keys = requireKeys()
      const user = requireUser()
      const address = addressFor(chainId, keys)
      return {
        ...(user.email ? { email: user.email } : {}),
        address,
        chainId,
        accounts: [{ address, type: 'eoa' }],
        // Smart accounts are not supported yet: every account is the EOA.
        preferredAccountType: 'eoa',
        smartAccountDeployed: false,
      }
    },

    async SWITCH_NETWORK({ chainId }) {
      state.chainId = chainId
      return { chainId }
    },

    async RPC_REQUEST({ chainId, method, params }, signal) {
      const kind = rpcMethodKind(chainId, method)
      if (kind === 'not-allowed') throw notAllowed()
      const keys = requireKeys()
      const address = addressFor(chainId, keys)
      if (kind === 'safe') return { result: await answerSafe(chainId, method, params, address) }
      const description = describeRequest(method, params)
      const approved = await exclusive(async () => {
        try {
          return await askApproval({
            root,
            description,
            origin: context.parentOrigin,
            appName: state.appName,
            chain: chainId,
            shown: shownAs('approve'),
            signal,
          })
        } finally {
          emit({ type: 'FRAME_HIDE' })
        }
      })
      if (!approved) throw userRejected()
      return { result: await answerUnsafe(chainId, method, params, keys) }
    },

    async SIGN_OUT() {
      if (state.token) {
        await service.revokeSession().catch((error: unknown) => {
          context.log('info', `revoke: ${error instanceof Error ? error.message : 'failed'}`)
        })
      }
      await forgetSession()
      return {}
    },

    async UPDATE_EMAIL({ email }) {
      requireUser()
      return ask(() => service.updateEmailStart({ email }))
    },

    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      requireUser()
      return ask(() => service.updateEmailPrimary({ otp }))
    },

    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const user = requireUser()
      const { email } = await ask(() => service.updateEmailSecondary({ otp }))
      user.email = email
      return { email }
    },

    async SYNC_THEME(theme) {
      applyTheme(context.document, theme)
      return {}
    },

    async SYNC_DAPP_DATA({ metadata }) {
      state.appName = metadata.name || undefined
      return {}
    },
  }

  async function answerSafe(
    chainId: string,
    method: string,
    params: unknown,
    address: string,
  ): Promise<unknown> {
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [address]
      case 'solana_getAccounts':
      case 'solana_requestAccounts':
        return [{ pubkey: address }]
      case 'eth_chainId':
        return evmChainIdHex(Number(chainId.slice('eip155:'.length)))
      case 'wallet_getCapabilities':
        // No atomic batches, paymasters or sessions yet: no capabilities on any chain.
        return {}
      default:
        return chainCall(chainId, method, params ?? [])
    }
  }

  async function answerUnsafe(chainId: string, method: string, params: unknown, keys: WalletKeys) {
    try {
      if (chainId.startsWith('solana:')) {
        return await answerSolanaSigning(
          { method, params },
          { privateKey: keys.solanaPrivateKey, address: keys.addresses.solana, caip2: chainId, service },
        )
      }
      return await answerEvmSigning(
        { method, params },
        {
          privateKey: keys.evmPrivateKey,
          chainId: Number(chainId.slice('eip155:'.length)),
          caip2: chainId,
          service,
        },
      )
    } catch (error) {
      // The chain is read and sent to through the service, with the session: one it no
      // longer takes logs the frame out.
      await noteLostSession(error)
      throw asRequestError(error)
    }
  }

  async function chainCall(chainId: string, method: string, params: unknown) {
    try {
      return await service.rpc(chainId, method, params)
    } catch (error) {
      await noteLostSession(error)
      throw asRequestError(error)
    }
  }

  function asRequestError(error: unknown): unknown {
    if (error instanceof ChainRpcError) return new FrameRequestError(error.message, error.code)
    if (error instanceof ServiceRequestError) return new FrameRequestError(error.message, error.code)
    // viem's errors: a short message for people, and the JSON-RPC code when the chain gave one.
    const viemError = error as { shortMessage?: unknown; code?: unknown }
    if (error instanceof Error && typeof viemError.shortMessage === 'string') {
      const code = typeof viemError.code === 'number' ? viemError.code : undefined
      return new FrameRequestError(viemError.shortMessage, code, { cause: error })
    }
    return error
  }
}
