'use client'
import { useT } from 'latchkit/react'
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactElement,
  useEffect,
  useRef,
  useState,
} from 'react'

export interface OtpInputProps {
  /** Called with the six digits once all are in. */
  onComplete(code: string): void
  disabled?: boolean
  /** Changing it empties the boxes (after a wrong code). */
  resetKey?: number
}

const LENGTH = 6

/**
 * Six one-digit boxes for an emailed code: typing moves on, Backspace moves back,
 * pasting the code (or a text holding it) into any box fills them all, and when shown or
 * emptied the first box has the focus.
 *
 * @example
 * <OtpInput onComplete={(code) => void submit(code)} />
 */
export function OtpInput({ onComplete, disabled = false, resetKey = 0 }: OtpInputProps): ReactElement {
  const t = useT()
  const [digits, setDigits] = useState<string[]>(() => Array(LENGTH).fill(''))
  const [shownKey, setShownKey] = useState(resetKey)
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  if (shownKey !== resetKey) {
    setShownKey(resetKey)
    setDigits(Array(LENGTH).fill(''))
  }
  // Shown or emptied (a wrong code, the next step): the first box takes the typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is when to focus again
  useEffect(() => {
    boxes.current[0]?.focus()
  }, [resetKey])

  const update = (next: string[], focus: number) => {
    setDigits(next)
    boxes.current[Math.min(focus, LENGTH - 1)]?.focus()
    if (next.every((digit) => digit !== '')) onComplete(next.join(''))
  }
  const type = (index: number, value: string) => {
    const typed = value.replace(/\D/g, '')
    if (typed.length > 1) {
      fill(index, typed)
      return
    }
    const next = [...digits]
    next[index] = typed
    update(next, typed ? index + 1 : index)
  }
  const fill = (from: number, text: string) => {
    const next = [...digits]
    const found = text.replace(/\D/g, '').slice(0, LENGTH - from)
    for (const [offset, digit] of [...found].entries()) next[from + offset] = digit
    update(next, from + found.length)
  }
  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const text = event.clipboardData.getData('text')
    const code = text.match(/\d{6}/)?.[0] ?? text
    fill(code.replace(/\D/g, '').length >= LENGTH ? 0 : index, code)
  }
  const key = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      const next = [...digits]
      next[index - 1] = ''
      setDigits(next)
      boxes.current[index - 1]?.focus()
    }
  }

  return (
    <fieldset
      className="lk-otp"
      aria-label={t('email.otp.code')}
      style={{ border: 0, padding: 0, margin: 0 }}
    >
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, never reordered
          key={index}
          ref={(element) => {
            boxes.current[index] = element
          }}
          value={digit}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('email.otp.digit', { n: index + 1 })}
          maxLength={LENGTH}
          disabled={disabled}
          data-latchkit="otp-digit"
          onChange={(event) => type(index, event.target.value)}
          onPaste={(event) => paste(index, event)}
          onKeyDown={(event) => key(index, event)}
        />
      ))}
    </fieldset>
  )
}
