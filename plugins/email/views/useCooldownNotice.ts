import type { Kernel } from 'latchkit'
import { useEffect, useState } from 'react'
import { cooldownSecondsLeft } from '../cooldown'
import { emailWallet } from '../emailWallet'

/**
 * While `active`, the seconds left of the email login cooldown, counting down each
 * second (from the stored time of the last login, so a reload keeps counting); 0 once
 * it is over.
 *
 * @example
 * const left = useCooldownNotice(kernel, error?.code === 'EMAIL_COOLDOWN')
 */
export function useCooldownNotice(kernel: Kernel, active: boolean): number {
  const read = () => cooldownSecondsLeft(emailWallet(kernel).lastEmailLoginTime(), Date.now())
  const [left, setLeft] = useState(() => (active ? read() : 0))
  // biome-ignore lint/correctness/useExhaustiveDependencies: read() depends on kernel only
  useEffect(() => {
    if (!active) {
      setLeft(0)
      return
    }
    setLeft(read())
    const timer = setInterval(() => setLeft(read()), 250)
    return () => clearInterval(timer)
  }, [active, kernel])
  return left
}
