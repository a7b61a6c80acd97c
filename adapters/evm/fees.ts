/**
 * The fee rules of an EVM transaction request, checked before it is sent: legacy and
 * EIP-1559 fields never mixed, the max fee within 256 bits, the tip within the max fee.
 */
import { ValidationError } from 'latchkit'

/** The messages of a broken fee rule, keyed by their codes. */
export const feeMessages = {
  FEE_CONFLICT: 'Cannot specify both a `gasPrice` and a `maxFeePerGas` or `maxPriorityFeePerGas`',
  FEE_CAP_TOO_HIGH: '`maxFeePerGas` cannot be higher than the maximum allowed value (2^256-1)',
  TIP_ABOVE_FEE_CAP: '`maxPriorityFeePerGas` cannot be higher than `maxFeePerGas`',
} as const

const invalid = (code: keyof typeof feeMessages) => new ValidationError(feeMessages[code], { code })

/** 2^256 - 1, the largest fee an EVM transaction can carry. */
export const maxUint256 = 2n ** 256n - 1n

/** The fee fields of an EVM transaction request. */
export interface FeeValues {
  gasPrice?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
}

/**
 * Checks the three fee rules and throws a ValidationError for the first one
 * broken: FEE_CONFLICT (legacy gasPrice mixed with EIP-1559 fields), FEE_CAP_TOO_HIGH
 * (maxFeePerGas above 2^256-1), TIP_ABOVE_FEE_CAP (priority fee above the max fee).
 *
 * @example
 * assertFeeValues({ maxFeePerGas: 2n, maxPriorityFeePerGas: 1n }) // ok
 * assertFeeValues({ gasPrice: 1n, maxFeePerGas: 2n }) // throws FEE_CONFLICT
 */
export function assertFeeValues({ gasPrice, maxFeePerGas, maxPriorityFeePerGas }: FeeValues): void {
  if (gasPrice !== undefined && (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined)) {
    throw invalid('FEE_CONFLICT')
  }
  if (maxFeePerGas !== undefined && maxFeePerGas > maxUint256) {
    throw invalid('FEE_CAP_TOO_HIGH')
  }
  if (
    maxFeePerGas !== undefined &&
    maxPriorityFeePerGas !== undefined &&
    maxPriorityFeePerGas > maxFeePerGas
  ) {
    throw invalid('TIP_ABOVE_FEE_CAP')
  }
}
