'use client'
import { useEffect, useState } from 'react'
import type { CounterpartyNames } from './counterpartyNames'

/**
 * The name of a row's counterparty once `names` knows it (at once when it already does),
 * or undefined: no namer, no name, or not answered yet.
 *
 * @example
 * const name = useCounterpartyName(names, row.counterparty?.address)
 */
export function useCounterpartyName(
  names: CounterpartyNames | undefined,
  address: string | undefined,
): string | undefined {
  const knownNow = () => (names && address ? (names.known(address) ?? undefined) : undefined)
  const [name, setName] = useState(knownNow)
  useEffect(() => {
    if (!names || !address) return setName(undefined)
    const known = names.known(address)
    if (known !== undefined) return setName(known ?? undefined)
    setName(undefined)
    let current = true
    void names.lookUp(address).then((found) => {
      if (current) setName(found ?? undefined)
    })
    return () => {
      current = false
    }
  }, [names, address])
  return name
}
