import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../types'
import { assetsToTokenBalances, filterLowQualityTokens, sortByValue } from './tokenBalances'

const balance = (symbol: string, decimals: string, value?: number): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  price: 1,
  value,
  quantity: { decimals, numeric: '1' },
})

describe('token balance rules', () => {
  it('drops zero-decimal tokens as low quality', () => {
    const kept = filterLowQualityTokens([balance('A', '18'), balance('ZDT', '0'), balance('B', '6')])
    expect(kept.map((b) => b.symbol)).toEqual(['A', 'B'])
  })

  it('sorts by value, highest first, without a value last, stable otherwise', () => {
    const sorted = sortByValue([
      balance('A', '1', 1),
      balance('B', '1'),
      balance('C', '1', 5),
      balance('D', '1', 1),
    ])
    expect(sorted.map((b) => b.symbol)).toEqual(['C', 'A', 'D', 'B'])
  })

  it('maps wallet_getAssets entries, valuing by price when the wallet gives no value', () => {
    const [native, token] = assetsToTokenBalances(
      [
        {
          address: '0x0',
          balance: '0x1bc16d674ec80000',
          type: 'NATIVE',
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 10 },
        },
        {
          address: '0xabc',
          balance: '0xf4240',
          type: 'ERC20',
          metadata: { name: 'USD', symbol: 'USD', decimals: 6, iconUrl: 'data:image/png;base64,' },
        },
      ],
      'eip155:8453',
    )
    expect(native).toMatchObject({
      address: undefined,
      quantity: { decimals: '18', numeric: '2' },
      price: 10,
      value: 20,
    })
    expect(token).toMatchObject({
      address: 'eip155:8453:0xabc',
      price: 0,
      value: 0,
      iconUrl: 'data:image/png;base64,',
    })
  })
})
