import {
  type ChainAdapter,
  createKernel,
  definePlugin,
  disconnect,
  isUserRejection,
  type Kernel,
  reconnect,
  type StorageBackend,
  UserRejectedRequestError,
} from 'latchkit'
import { createMemoryBackend, toRpcError } from 'latchkit/internal'
import { latchkitConnector } from 'latchkit/wagmi'
import { createWalletClient, custom, defineChain, type EIP1193Provider } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createConfig, http } from 'wagmi'
import { getAccount, reconnect as wagmiReconnect, signMessage as wagmiSignMessage } from 'wagmi/actions'
import { setupEmbeddedWallet } from '../../../plugins/embedded-wallet/embeddedWallet'
import { authConnectorId, EMBEDDED_WALLET_FRAME_VIEW_ID } from '../../../plugins/embedded-wallet/ids'
import { frameAnswerError, frameError } from '../../../plugins/embedded-wallet/messages'
import { BOB, localnet, othernet } from '../helpers'
import { fakeFrame, SOL_ADDRESS, solanaLocal } from './embeddedWalletFake'

/** An account the frame's wallet does not hold. */
const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const kernels: Kernel[] = []
afterEach(() => {
  for (const kernel of kernels.splice(0)) kernel.destroy()
})

function makeKernel(
  frame: ReturnType<typeof fakeFrame>,
  backend: StorageBackend,
  projectId: string | null = 'p1',
) {
  const adapters: ChainAdapter[] = [{ namespace: 'eip155' }, { namespace: 'solana' }]
  const kernel = createKernel({
    networks: [localnet, othernet, solanaLocal],
    adapters,
    storage: backend,
    ...(projectId ? { projectId } : {}),
    plugins: [
      definePlugin({
        id: 'embeddedWallet',
        setup: (ctx) =>
          setupEmbeddedWallet(ctx, { frameUrl: 'http://127.0.0.1:9', runtime: async () => frame.runtime }),
      }),
    ],
  })
  kernels.push(kernel)
  return kernel
}

const service = (kernel: Kernel) =>
  kernel.services.get('embeddedWallet') as import('../../../plugins/embedded-wallet/authSession').AuthSession

describe('the embedded wallet session', () => {
  it('loads no frame for a visitor who never logged in, even on the silent reconnect', async () => {
    const frame = fakeFrame()
    const kernel = makeKernel(frame, createMemoryBackend())
    expect(kernel.connectors.get(authConnectorId('eip155'))?.type).toBe('AUTH')
    expect(kernel.connectors.get(authConnectorId('solana'))?.type).toBe('AUTH')
    expect(await reconnect(kernel, { waitMs: 0 })).toEqual([])
    expect(frame.created()).toBe(0)
  })

  it('connects both families after a login, the one in view last, with the user and preferred account type in the account state', async () => {
    const frame = fakeFrame()
    const backend = createMemoryBackend()
    const kernel = makeKernel(frame, backend)
    await service(kernel).connectAfterLogin('email')
    const state = kernel.getState()
    expect(state.activeNamespace).toBe('eip155')
    expect(state.connectorIds).toMatchObject({
      eip155: authConnectorId('eip155'),
      solana: authConnectorId('solana'),
    })
    expect(state.accounts.eip155).toMatchObject({
      address: BOB,
      allAccounts: [{ address: BOB, type: 'eoa' }],
      user: {
        email: 'ada@example.com',
        address: BOB,
        chainId: 'eip155:31337',
        preferredAccountType: 'smartAccount',
      },
      preferredAccountTypes: { eip155: 'smartAccount' },
      smartAccountDeployed: false,
    })
    expect(state.accounts.solana).toMatchObject({ address: SOL_ADDRESS, user: { email: 'ada@example.com' } })
    expect(state.accounts.solana?.preferredAccountTypes.solana).toBe('eoa')
    expect(frame.asked.filter((entry) => entry.type === 'GET_USER').map((entry) => entry.payload)).toEqual([
      { chainId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69', preferredAccountType: 'eoa' },
      { chainId: 'eip155:31337', preferredAccountType: 'smartAccount' },
    ])
    expect(backend.getItem('latchkit:embeddedWallet:session')).toBe('true')
    expect(backend.getItem('latchkit:embeddedWallet:emailLoginUsed')).toBe('true')
    expect(JSON.parse(backend.getItem('latchkit:preferredAccountTypes') ?? '{}')).toEqual({
      eip155: 'smartAccount',
      solana: 'eoa',
    })
    expect(backend.getItem('latchkit:smartAccountEnabledNetworks')).toBe('[]')
  })

  it('restores the login after a reload without a prompt: one IS_CONNECTED, then GET_USER per family', async () => {
    const backend = createMemoryBackend()
    await service(makeKernel(fakeFrame(), backend)).connectAfterLogin('email')
    const frame = fakeFrame()
    const reloaded = makeKernel(frame, backend)
    expect((await reconnect(reloaded, { waitMs: 0 })).sort()).toEqual(['eip155', 'solana'])
    expect(frame.types().sort()).toEqual(['GET_USER', 'GET_USER', 'IS_CONNECTED'])
    expect(reloaded.getState().accounts.eip155?.user?.email).toBe('ada@example.com')
  })

  it('forgets a login the frame no longer has', async () => {
    const backend = createMemoryBackend()
    await service(makeKernel(fakeFrame(), backend)).connectAfterLogin('email')
    const frame = fakeFrame()
    frame.handlers.IS_CONNECTED = () => ({ isConnected: false })
    const reloaded = makeKernel(frame, backend)
    expect(await reconnect(reloaded, { waitMs: 0 })).toEqual([])
    expect(frame.types()).toEqual(['IS_CONNECTED'])
    expect(backend.getItem('latchkit:embeddedWallet:session')).toBeNull()
  })

  it('signs out once when one family disconnects, and the other family disconnects with it', async () => {
    const frame = fakeFrame()
    const backend = createMemoryBackend()
    const kernel = makeKernel(frame, backend)
    await service(kernel).connectAfterLogin('email')
    await disconnect(kernel, { namespace: 'solana' })
    expect(kernel.getState().connectorIds).toEqual({ eip155: undefined, solana: undefined })
    expect(frame.types().filter((type) => type === 'SIGN_OUT')).toHaveLength(1)
    expect(backend.getItem('latchkit:embeddedWallet:session')).toBeNull()
  })

  it("ends the connection with the alert 'Session Expired' when the frame says so", async () => {
    const frame = fakeFrame()
    const kernel = makeKernel(frame, createMemoryBackend())
    await service(kernel).connectAfterLogin('email')
    frame.send({ type: 'SESSION_EXPIRED' })
    expect(kernel.getState().status).toBe('disconnected')
    expect(kernel.getState().snackbar).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Session Expired',
    })
  })

  it('alerts when the frame does not load, and loads a new one on the next attempt', async () => {
    const frame = fakeFrame()
    const kernel = makeKernel(frame, createMemoryBackend())
    frame.failReady(frameError('iframe_load_failed', 'test'))
    await expect(
      service(kernel).request('CONNECT_EMAIL', { email: 'ada@example.com' }),
    ).rejects.toMatchObject({
      code: 'iframe_load_failed',
      shortMessage: 'Unable to load email login dependency',
    })
    expect(kernel.getState().snackbar.message).toBe('Network Error - Could not load embedded wallet')
    frame.healReady()
    frame.handlers.CONNECT_EMAIL = () => ({ action: 'VERIFY_OTP' })
    expect(await service(kernel).request('CONNECT_EMAIL', { email: 'ada@example.com' })).toEqual({
      action: 'VERIFY_OTP',
    })
    expect(frame.created()).toBe(2)
  })

  it('alerts on a timed-out request and on a refused origin', async () => {
    const frame = fakeFrame()
    const kernel = makeKernel(frame, createMemoryBackend())
    frame.handlers.CONNECT_EMAIL = () => {
      throw frameError('iframe_request_timeout')
    }
    await expect(service(kernel).request('CONNECT_EMAIL', { email: 'ada@example.com' })).rejects.toThrow()
    expect(kernel.getState().snackbar.message).toBe('Embedded Wallet Request Timed Out')

    const refused = fakeFrame()
    const other = makeKernel(refused, createMemoryBackend())
    refused.failReady(frameError('EMBEDDED_WALLET_ORIGIN_REFUSED'))
    await expect(service(other).request('IS_CONNECTED', {})).rejects.toThrow('Invalid App Configuration')
    expect(other.getState().snackbar.message).toBe('Invalid App Configuration')
  })

  it("says 'Project ID Not Configured' and loads no frame without a project id", async () => {
    const frame = fakeFrame()
    const kernel = makeKernel(frame, createMemoryBackend(), null)
    await expect(service(kernel).request('IS_CONNECTED', {})).rejects.toMatchObject({
      code: 'PROJECT_ID_NOT_CONFIGURED',
    })
    expect(kernel.getState().snackbar.message).toBe('Project ID Not Configured')
    expect(frame.created()).toBe(0)
  })

  it('tells the frame about the app and its theme once loaded, and the theme again when it changes', async () => {
    const frame = fakeFrame()
    const kernel = makeKernel(frame, createMemoryBackend())
    await service(kernel).request('IS_CONNECTED', {})
    expect(frame.asked.find((entry) => entry.type === 'SYNC_DAPP_DATA')?.payload).toMatchObject({
      projectId: 'p1',
      sdkType: 'latchkit',
    })
    expect(
      frame.asked.filter((entry) => entry.type === 'SYNC_THEME').map((entry) => entry.payload.themeMode),
    ).toEqual(['light'])
    kernel.store.setState((draft) => {
      draft.theme.mode = 'dark'
    })
    expect(
      frame.asked.filter((entry) => entry.type === 'SYNC_THEME').map((entry) => entry.payload.themeMode),
    ).toEqual(['light', 'dark'])
  })

  it('opens the frame view for a screen no view hosts, and goes back when the frame hides it', async () => {
    const frame = fakeFrame()
    const kernel = makeKernel(frame, createMemoryBackend())
    await service(kernel).connectAfterLogin('email')
    frame.send({ type: 'FRAME_SHOW', payload: { reason: 'approve', height: 300 } })
    expect(kernel.router.current()?.view).toBe(EMBEDDED_WALLET_FRAME_VIEW_ID)
    expect(frame.overlay.shown).toEqual([300])
    frame.send({ type: 'FRAME_HIDE' })
    expect(frame.overlay.hidden).toBe(1)
    expect(kernel.router.current()?.view).not.toBe(EMBEDDED_WALLET_FRAME_VIEW_ID)
  })
})

describe('the EIP-1193 provider over the frame', () => {
  async function connected() {
    const frame = fakeFrame()
    const kernel = makeKernel(frame, createMemoryBackend())
    await service(kernel).connectAfterLogin('email')
    const provider = kernel.connectors.get(authConnectorId('eip155'))?.getProvider() as {
      request(args: { method: string; params?: unknown }): Promise<unknown>
    }
    return { frame, kernel, provider }
  }

  it("answers eth_accounts and eth_chainId from the frame's user and asks the frame for everything else", async () => {
    const { frame, provider } = await connected()
    frame.handlers.RPC_REQUEST = ({ method }) => ({ result: method === 'eth_blockNumber' ? '0x10' : null })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([BOB])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x10')
    expect(frame.asked.at(-1)).toEqual({
      type: 'RPC_REQUEST',
      payload: { chainId: 'eip155:31337', method: 'eth_blockNumber', params: undefined },
    })
  })

  it('switches the chain through SWITCH_NETWORK and the kernel follows', async () => {
    const { frame, kernel, provider } = await connected()
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(frame.asked.at(-1)).toEqual({ type: 'SWITCH_NETWORK', payload: { chainId: 'eip155:31338' } })
    expect(kernel.getState().networks.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:31338')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
  })

  it("maps 'Requested RPC call is not allowed' to 4200 with the alert 'Action not allowed', and a rejection to 4001", async () => {
    const { frame, kernel, provider } = await connected()
    frame.handlers.RPC_REQUEST = ({ method }) => {
      throw method === 'eth_sign'
        ? frameAnswerError('RPC_REQUEST', { message: 'Requested RPC call is not allowed' })
        : frameAnswerError('RPC_REQUEST', { message: 'User rejected the request', code: 4001 })
    }
    await expect(provider.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({
      code: 4200,
      cause: { rpcCode: 4200 },
    })
    expect(kernel.getState().snackbar.message).toBe('Action not allowed')
    const rejected = await provider
      .request({ method: 'personal_sign', params: ['0x68', BOB] })
      .catch((e) => e)
    expect(isUserRejection(rejected)).toBe(true)
  })
})

describe('the EIP-1193 errors of the provider over the frame, as viem and wagmi name them', () => {
  async function connected() {
    const frame = fakeFrame()
    const kernel = makeKernel(frame, createMemoryBackend())
    await service(kernel).connectAfterLogin('email')
    const provider = kernel.connectors.get(authConnectorId('eip155'))?.getProvider() as EIP1193Provider
    const wallet = createWalletClient({ account: BOB, transport: custom(provider) })
    return { frame, kernel, provider, wallet }
  }
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: Error) => error,
    )

  it('rejects with numeric codes: 4001 declined, 4100 not its account, 4200 not offered, -32602 bad params, 4902 unknown chain, 4900 signed out', async () => {
    const { frame, kernel, provider, wallet } = await connected()
    frame.handlers.RPC_REQUEST = ({ method, params }) => {
      if (method === 'eth_sign')
        throw frameAnswerError('RPC_REQUEST', { message: 'Requested RPC call is not allowed' })
      if ((params as string[])[1] !== BOB)
        throw frameAnswerError('RPC_REQUEST', {
          message: 'The request names an account this wallet does not hold',
          code: 4100,
        })
      throw frameAnswerError('RPC_REQUEST', { message: 'User rejected the request', code: 4001 })
    }
    const declined = await failure(provider.request({ method: 'personal_sign', params: ['0x68', BOB] }))
    expect(declined).toMatchObject({ code: 4001, message: 'User rejected the request' })
    // Latchkit's own views still read the Latchkit error, which rides in `cause`.
    expect(toRpcError(declined)).toBeInstanceOf(UserRejectedRequestError)

    expect((await failure(wallet.signMessage({ message: 'hello' })))?.name).toBe('UserRejectedRequestError')
    expect((await failure(wallet.signMessage({ account: ALICE, message: 'hello' })))?.name).toBe(
      'UnauthorizedProviderError',
    )
    expect(
      (await failure(wallet.request({ method: 'eth_sign' as never, params: [BOB, '0x68'] as never })))?.name,
    ).toBe('UnsupportedProviderMethodError')
    expect(
      (
        await failure(
          wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'nope' as never }] }),
        )
      )?.name,
    ).toBe('InvalidParamsRpcError')
    expect((await failure(wallet.switchChain({ id: 1 })))?.name).toBe('SwitchChainError')
    expect(frame.asked.some(({ type }) => type === 'SWITCH_NETWORK')).toBe(false)

    await disconnect(kernel)
    expect((await failure(wallet.getChainId()))?.name).toBe('ProviderDisconnectedError')
  })

  it("a wagmi signMessage through latchkit/wagmi's connector fails as UserRejectedRequestError when declined in the frame", async () => {
    const { frame, kernel } = await connected()
    frame.handlers.RPC_REQUEST = () => {
      throw frameAnswerError('RPC_REQUEST', { message: 'User rejected the request', code: 4001 })
    }
    const chain = defineChain({
      id: 31337,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
    })
    const config = createConfig({
      chains: [chain],
      connectors: [latchkitConnector(kernel)],
      multiInjectedProviderDiscovery: false,
      storage: null,
      transports: { [chain.id]: http() },
    })
    await wagmiReconnect(config)
    await expect.poll(() => getAccount(config).status, { timeout: 5000, interval: 10 }).toBe('connected')
    const error = await failure(wagmiSignMessage(config, { message: 'hello' }))
    expect(error?.name).toBe('UserRejectedRequestError')
    expect((error as { code?: unknown }).code).toBe(4001)
  })
})

describe('the Solana wallet over the frame', () => {
  it('signs a message through solana_signMessage with the message in base58', async () => {
    const frame = fakeFrame()
    const kernel = makeKernel(frame, createMemoryBackend())
    await service(kernel).connectAfterLogin('email')
    frame.handlers.RPC_REQUEST = vi.fn(() => ({ result: { signature: '2' } }))
    const wallet = kernel.connectors.get(authConnectorId('solana'))?.getProvider() as {
      accounts: { address: string }[]
      features: Record<string, { signMessage(...inputs: unknown[]): Promise<{ signature: Uint8Array }[]> }>
    }
    expect(wallet.accounts.map((account) => account.address)).toEqual([SOL_ADDRESS])
    const [output] = await wallet.features['solana:signMessage']!.signMessage({
      account: wallet.accounts[0],
      message: new Uint8Array([0]),
    })
    expect(frame.asked.at(-1)).toEqual({
      type: 'RPC_REQUEST',
      payload: { chainId: solanaLocal.caipNetworkId, method: 'solana_signMessage', params: { message: '1' } },
    })
    expect([...(output?.signature ?? [])]).toEqual([1])
  })
})
