'use client'
import {
  getAddressNamer,
  getNameResolver,
  parseUnits,
  refreshTokenBalances,
  type TokenBalance,
} from 'latchkit'
import {
  formatBalance,
  type Translate,
  truncateAddress,
  useAccount,
  useKernel,
  useLocaleTag,
  useNetwork,
  useT,
} from 'latchkit/react'
import { type FormEvent, type ReactElement, useEffect, useId, useMemo, useState } from 'react'
import { estimateSendFee, keepSendFee } from '../estimateSendFee'
import { maxSendable } from '../maxAmount'
import { prepareSend } from '../prepareSend'
import {
  isAddressBeingTyped,
  isReceiverAddress,
  mayBeName,
  nameOfReceiver,
  type ReceiverCheck,
  resolveReceiver,
} from '../resolveReceiver'
import { sendSlice } from '../slice'
import { networkBalanceInUSD, sendableTokens, tokenAddressOf, tokenKey } from '../tokens'
import { describeSendError } from './describeSendError'
import { formatFee, formatUsd, safeLinkUrl } from './format'
import { sendCss } from './sendCss'
import { useSendState } from './useSendState'

/** Balances are not asked again within 30 s of a failure. */
const BALANCE_RETRY_MS = 30_000
/** Names are looked up once typing pauses, not on every key. */
const NAME_LOOKUP_DELAY_MS = 300
const FEE_ESTIMATE_DELAY_MS = 400

type ReceiverNote = ReceiverCheck | { kind: 'resolving'; name: string }

/**
 * Send: pick a token from the balances, type an amount (or Max) and a receiver (an
 * address, or a name when a name resolver is installed), see the network fee, then go to
 * the preview. Every field lives in the send slice, so the preview, a declined wallet
 * prompt and the back button all find what was typed.
 */
export default function SendView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const tag = useLocaleTag()
  const account = useAccount()
  const { caipNetwork } = useNetwork()
  const state = useSendState()
  const ids = useId()
  const [error, setError] = useState<string>()
  const [note, setNote] = useState<ReceiverNote>({ kind: 'empty' })
  const [feeStatus, setFeeStatus] = useState<'idle' | 'estimating' | 'failed'>('idle')
  const namespace = account.namespace

  const tokens = useMemo(() => sendableTokens(account, caipNetwork), [account, caipNetwork])
  const token = state.token && tokens.find((item) => tokenKey(item) === tokenKey(state.token as TokenBalance))
  const receiverText = state.receiverProfileName ?? state.receiverAddress ?? ''
  const resolvedAddress = note.kind === 'address' || note.kind === 'name' ? note.address : undefined

  // The send state mirrors what can be sent and what the native balance is worth.
  useEffect(() => {
    sendSlice(kernel).set((draft) => {
      draft.tokenBalances = tokens
      draft.networkBalanceInUSD = networkBalanceInUSD(tokens)
    })
  }, [kernel, tokens])

  // Fresh balances when the view opens; after a failure, not again within 30 s.
  useEffect(() => {
    const { lastRetry } = sendSlice(kernel).get()
    if (lastRetry !== undefined && Date.now() - lastRetry < BALANCE_RETRY_MS) return
    refreshTokenBalances(kernel).then(
      (result) => {
        if (result.status !== 'failed') return
        sendSlice(kernel).set((draft) => {
          draft.lastRetry = Date.now()
        })
      },
      () => {},
    )
  }, [kernel])

  // The receiver: an address is checked at once, a name once typing pauses.
  useEffect(() => {
    if (!namespace) return
    if (state.receiverProfileName && state.receiverAddress) {
      setNote({ kind: 'name', name: state.receiverProfileName, address: state.receiverAddress })
      return
    }
    const typed = (state.receiverAddress ?? '').trim()
    if (typed === '') return setNote({ kind: 'empty' })
    if (isReceiverAddress(kernel, namespace, typed)) {
      setNote({ kind: 'address', address: typed })
      if (!getAddressNamer(kernel)) return
      // A pasted address: say whose it is when a names plugin knows.
      let current = true
      void nameOfReceiver(kernel, namespace, typed).then((name) => {
        if (current && name) setNote({ kind: 'address', address: typed, name })
      })
      return () => {
        current = false
      }
    }
    if (!getNameResolver(kernel) || !mayBeName(kernel, namespace, typed)) {
      // Half an address is not yet wrong: say so once it is complete or cannot become one.
      return setNote(isAddressBeingTyped(kernel, namespace, typed) ? { kind: 'empty' } : { kind: 'invalid' })
    }
    let current = true
    setNote({ kind: 'resolving', name: typed })
    const timer = setTimeout(async () => {
      const check = await resolveReceiver(kernel, namespace, typed)
      if (!current) return
      setNote(check)
      if (check.kind !== 'name') return
      sendSlice(kernel).set((draft) => {
        // Only if the field still holds the name that was looked up.
        if (draft.receiverAddress !== state.receiverAddress || draft.receiverProfileName) return
        draft.receiverAddress = check.address
        draft.receiverProfileName = check.name
      })
    }, NAME_LOOKUP_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [kernel, namespace, state.receiverAddress, state.receiverProfileName])

  // The network fee of exactly this send, once the form describes one.
  const value = useMemo(() => {
    const amount = state.sendTokenAmount
    if (!token || !amount) return undefined
    try {
      return parseUnits(amount, Number(token.quantity.decimals))
    } catch {
      return undefined
    }
  }, [token, state.sendTokenAmount])
  const tokenAddress = token ? tokenAddressOf(token) : undefined
  useEffect(() => {
    if (!namespace || !resolvedAddress || value === undefined || value === 0n || !token) {
      setFeeStatus('idle')
      // The fee of a send the form no longer describes would mislead.
      if (sendSlice(kernel).get().fee) {
        sendSlice(kernel).set((draft) => {
          draft.fee = undefined
        })
      }
      return
    }
    let current = true
    setFeeStatus('estimating')
    const timer = setTimeout(() => {
      void keepSendFee(kernel, { namespace, to: resolvedAddress, value, tokenAddress }, () => !current).then(
        (status) => {
          if (status !== 'stale') setFeeStatus(status === 'found' ? 'idle' : 'failed')
        },
      )
    }, FEE_ESTIMATE_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [kernel, namespace, resolvedAddress, value, tokenAddress, token])

  const edit = (recipe: Parameters<ReturnType<typeof sendSlice>['set']>[0]) => {
    setError(undefined)
    sendSlice(kernel).set(recipe)
  }

  const pickToken = (key: string) =>
    edit((draft) => {
      draft.token = tokens.find((item) => tokenKey(item) === key)
      draft.fee = undefined
    })

  const fillMax = async () => {
    if (!token || !namespace) return
    let fee = state.fee
    if (!fee && !tokenAddress && account.address) {
      // The native currency pays its own fee: estimate one (to ourselves if no receiver yet).
      fee = await estimateSendFee(kernel, {
        namespace,
        to: resolvedAddress ?? account.address,
        value: 0n,
      }).catch(() => undefined)
    }
    // Every decimal: the field, the review and the transaction say the same amount.
    const exact = maxSendable(token, fee)
    edit((draft) => {
      draft.sendTokenAmount = exact
    })
  }

  const preview = (event: FormEvent) => {
    event.preventDefault()
    // A name that was looked up and found nothing is refused by what it is, not as a bad address.
    if (note.kind === 'unknown-name' || note.kind === 'lookup-failed') {
      setError(describeReceiver(note, t))
      return
    }
    try {
      prepareSend(kernel)
    } catch (reason) {
      setError(describeSendError(reason, t))
      return
    }
    kernel.router.push('SendPreview')
  }

  const balance = token ? formatBalance(token.quantity.numeric, token.symbol, tag) : undefined
  const worth = state.networkBalanceInUSD
  return (
    <form className="lk-stack" onSubmit={preview} noValidate data-latchkit="send-form">
      <style>{sendCss}</style>
      <label className="lk-field">
        <span>{t('send.token')}</span>
        <select
          className="lk-input"
          value={token ? tokenKey(token) : ''}
          onChange={(event) => pickToken(event.currentTarget.value)}
          data-latchkit="send-token"
        >
          <option value="" disabled>
            {tokens.length ? t('send.tokenPlaceholder') : t('send.noTokens')}
          </option>
          {tokens.map((item) => (
            <option key={tokenKey(item)} value={tokenKey(item)}>
              {item.symbol} · {formatBalance(item.quantity.numeric, undefined, tag)}
            </option>
          ))}
        </select>
      </label>
      <div className="lk-field">
        <label htmlFor={`${ids}-amount`}>{t('send.amount')}</label>
        <div className="lk-input-row">
          <input
            id={`${ids}-amount`}
            className="lk-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={state.sendTokenAmount ?? ''}
            onChange={(event) => {
              const amount = event.currentTarget.value
              edit((draft) => {
                draft.sendTokenAmount = amount
              })
            }}
            data-latchkit="send-amount"
          />
          <button
            type="button"
            className="lk-secondary"
            onClick={fillMax}
            disabled={!token}
            data-latchkit="send-max"
          >
            {t('send.max')}
          </button>
        </div>
        {balance && (
          <span className="lk-muted" data-latchkit="send-balance">
            {t('send.balance', { balance })}
          </span>
        )}
      </div>
      <div className="lk-field">
        <label htmlFor={`${ids}-to`}>{t('send.receiver')}</label>
        <input
          id={`${ids}-to`}
          className="lk-input"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('send.receiverPlaceholder')}
          value={receiverText}
          aria-invalid={note.kind === 'invalid' || note.kind === 'unknown-name'}
          aria-describedby={`${ids}-to-note`}
          onChange={(event) => {
            const text = event.currentTarget.value
            edit((draft) => {
              draft.receiverAddress = text
              draft.receiverProfileName = undefined
              draft.receiverProfileImageUrl = undefined
            })
          }}
          data-latchkit="send-receiver"
        />
        <span id={`${ids}-to-note`} className="lk-muted" data-latchkit="send-receiver-note">
          {describeReceiver(note, t)}
        </span>
      </div>
      <dl className="lk-facts">
        <dt>{t('send.fee')}</dt>
        <dd data-latchkit="send-fee">
          {feeStatus === 'estimating'
            ? t('send.feeEstimating')
            : feeStatus === 'failed'
              ? t('send.feeUnavailable')
              : state.fee
                ? formatFee(state.fee, tag)
                : '-'}
        </dd>
        {worth !== undefined && worth !== '0' && (
          <>
            <dt>{t('send.networkBalance')}</dt>
            <dd data-latchkit="send-network-balance">{formatUsd(worth, tag)}</dd>
          </>
        )}
      </dl>
      {error && (
        <p role="alert" className="lk-error" data-latchkit="send-error">
          {error}
        </p>
      )}
      <button type="submit" className="lk-primary" disabled={state.loading} data-latchkit="send-preview">
        {t('send.preview')}
      </button>
      {state.pendingTransactions.length > 0 && <RecentSends />}
    </form>
  )
}

/**
 * The sends of this session, newest first, each with a button that copies its full hash
 * and its explorer link when the network has an explorer.
 */
function RecentSends(): ReactElement {
  const t = useT()
  const kernel = useKernel()
  const { pendingTransactions } = useSendState()
  const [copied, setCopied] = useState<string>()
  const copy = async (hash: string) => {
    try {
      await navigator.clipboard.writeText(hash)
    } catch (error) {
      kernel.logger.warn('clipboard write failed', error)
      return
    }
    setCopied(hash)
  }
  return (
    <ul className="lk-list" aria-label={t('send.recent')} data-latchkit="send-recent">
      {pendingTransactions.slice(0, 3).map((tx) => {
        const href = safeLinkUrl(tx.explorerUrl)
        const label = `${tx.amount} ${tx.symbol} · ${truncateAddress(tx.hash)}`
        return (
          <li key={tx.hash} className="lk-row">
            <span className="lk-grow lk-mono" title={tx.hash}>
              {label}
            </span>
            <button
              type="button"
              className="lk-secondary"
              onClick={() => copy(tx.hash)}
              data-latchkit="send-recent-copy"
            >
              {copied === tx.hash ? t('send.hashCopied') : t('send.copyHash')}
            </button>
            {href && (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {t('send.viewOnExplorer')}
              </a>
            )}
          </li>
        )
      })}
    </ul>
  )
}

function describeReceiver(note: ReceiverNote, t: Translate): string {
  switch (note.kind) {
    case 'resolving':
      return t('send.resolving', { name: note.name })
    case 'name':
      return t('send.resolved', { name: note.name, address: truncateAddress(note.address) })
    case 'address':
      return note.name ? t('send.resolved', { name: note.name, address: truncateAddress(note.address) }) : ''
    case 'unknown-name':
      return t('send.unknownName', { name: note.name })
    case 'lookup-failed':
      return t('send.lookupFailed', { name: note.name })
    case 'invalid':
      return t('send.error.SEND_INVALID_RECEIVER')
    default:
      return ''
  }
}

// The loader registers these with the kernel's i18n before the view renders (send.ts).
export { sendViewStrings as viewStrings } from './viewStrings'
