'use client'
import { useKernel, useT } from 'latchkit/react'
import { type FormEvent, type ReactElement, useEffect, useId, useRef, useState } from 'react'
import { fetchNameSuggestions } from '../fetchNameSuggestions'
import { nameRuleProblem } from '../nameRule'
import { registerAccountName } from '../registerAccountName'
import type { NameSuggestion } from '../state'
import { describeEnsError } from './describeEnsError'
import { ensCss } from './ensCss'
import { useEnsSettings } from './useEnsSettings'

/** The availability check; an answer says which typed label it is for. */
type Suggestions =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; label: string; items: NameSuggestion[] }
  | { status: 'failed'; label: string; error: unknown }

/**
 * RegisterAccountName: the visitor types a label, sees the name rule while the label
 * breaks it and, once typing pauses, suggestions tagged Available or Registered. An
 * available suggestion, or the typed name, is registered as `<label>.<zone>` with a
 * message the wallet signs; success replaces this view with RegisterAccountNameSuccess,
 * a failure stays here and says why. One registration at a time. Register waits for the
 * check of exactly the typed label, so a taken name never reaches the wallet's prompt.
 * A check that failed does not hold it back: the API refuses a taken name anyway.
 */
export default function RegisterAccountNameView(): ReactElement {
  const kernel = useKernel()
  const t = useT()
  const ids = useId()
  const { zone, suggestionDebounceMs } = useEnsSettings()
  const [label, setLabel] = useState('')
  const [suggestions, setSuggestions] = useState<Suggestions>({ status: 'idle' })
  const [registering, setRegistering] = useState<string>()
  const [error, setError] = useState<string>()
  // A ref, not state: two clicks in one frame both see the state of before the first.
  const busy = useRef(false)

  const typed = label.trim()
  const problem = nameRuleProblem(typed)
  const name = `${typed.toLowerCase()}.${zone}`
  const labelOf = (suggested: string) =>
    suggested.endsWith(`.${zone}`) ? suggested.slice(0, -zone.length - 1) : undefined

  // Suggestions for a label that keeps the rule, once typing pauses; an older answer is dropped.
  useEffect(() => {
    if (problem) return setSuggestions({ status: 'idle' })
    const controller = new AbortController()
    setSuggestions({ status: 'loading' })
    const timer = setTimeout(() => {
      fetchNameSuggestions(kernel, { label: typed, zone, signal: controller.signal }).then(
        (items) => {
          if (!controller.signal.aborted) setSuggestions({ status: 'ready', label: typed, items })
        },
        (reason: unknown) => {
          if (controller.signal.aborted) return
          kernel.logger.warn('name suggestions unavailable', reason)
          setSuggestions({ status: 'failed', label: typed, error: reason })
        },
      )
    }, suggestionDebounceMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [kernel, typed, problem, zone, suggestionDebounceMs])

  const register = async (chosen: string) => {
    if (busy.current || nameRuleProblem(chosen)) return
    busy.current = true
    const chosenName = `${chosen.toLowerCase()}.${zone}`
    setError(undefined)
    setRegistering(chosenName)
    try {
      const registered = await registerAccountName(kernel, { label: chosen })
      kernel.router.replace('RegisterAccountNameSuccess', { name: registered })
    } catch (reason) {
      kernel.logger.warn(`registering ${chosenName} failed`, reason)
      setError(describeEnsError(reason, t, { name: chosenName }))
    } finally {
      busy.current = false
      setRegistering(undefined)
    }
  }

  // Until the answer for this very label is in (it is loading, or an older label's answer
  // still shows for a render), whether the name is free is unknown.
  const checked =
    suggestions.status !== 'idle' && suggestions.status !== 'loading' && suggestions.label === typed
  const taken =
    checked &&
    suggestions.status === 'ready' &&
    suggestions.items.some((item) => item.name === name && item.registered)
  const canRegister = problem === undefined && checked && !taken

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (canRegister) void register(typed)
  }

  const ruleShown = (typed !== '' && problem !== undefined) || taken
  return (
    <form className="lk-stack" onSubmit={submit} noValidate data-latchkit="ens-register">
      <style>{ensCss}</style>
      <div className="lk-field">
        <label htmlFor={`${ids}-name`}>{t('ens.label')}</label>
        <div className="lk-input-row">
          <input
            id={`${ids}-name`}
            className="lk-input"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('ens.placeholder')}
            value={label}
            aria-invalid={ruleShown}
            aria-describedby={`${ids}-rule`}
            onChange={(event) => {
              setLabel(event.currentTarget.value)
              setError(undefined)
            }}
            data-latchkit="ens-name-input"
          />
          <span className="lk-muted">.{zone}</span>
        </div>
        <span id={`${ids}-rule`} className={ruleShown ? 'lk-error' : 'lk-muted'} data-latchkit="ens-rule">
          {problem ? t(`ens.error.${problem}`) : t(taken ? 'ens.nameTaken' : 'ens.willBe', { name })}
        </span>
      </div>
      {suggestions.status === 'loading' && (
        <p className="lk-muted" data-latchkit="ens-searching">
          {t('ens.searching')}
        </p>
      )}
      {suggestions.status === 'failed' && (
        <p className="lk-error" data-latchkit="ens-suggestions-error">
          {describeEnsError(suggestions.error, t)}
        </p>
      )}
      {suggestions.status === 'ready' && suggestions.items.length > 0 && (
        <ul className="lk-suggestions" aria-label={t('ens.suggestions')} data-latchkit="ens-suggestions">
          {suggestions.items.map((item) => {
            const suggested = labelOf(item.name)
            return (
              <li key={item.name}>
                <button
                  type="button"
                  className="lk-row"
                  disabled={item.registered || suggested === undefined || registering !== undefined}
                  onClick={() => {
                    if (suggested === undefined) return
                    setLabel(suggested)
                    void register(suggested)
                  }}
                  data-latchkit="ens-suggestion"
                  data-registered={item.registered}
                >
                  <span className="lk-grow">{item.name}</span>
                  <span className="lk-tag">{t(item.registered ? 'ens.taken' : 'ens.available')}</span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {error && (
        <p role="alert" className="lk-error" data-latchkit="ens-error">
          {error}
        </p>
      )}
      <p className="lk-muted">{t('ens.signHint')}</p>
      <button
        type="submit"
        className="lk-primary"
        disabled={!canRegister || registering !== undefined}
        aria-busy={registering !== undefined}
        data-latchkit="ens-submit"
      >
        {registering ? t('ens.registering') : t('ens.register')}
      </button>
    </form>
  )
}

// The loader registers these with the kernel's i18n before the view renders (ens.ts).
export { ensViewStrings as viewStrings } from './viewStrings'
