/**
 * litesvm reports a failed transaction as native objects and numeric enums; a Solana RPC
 * node writes the same error as JSON (`"AccountNotFound"`,
 * `{ "InstructionError": [0, { "Custom": 1 }] }`). Clients (and @solana/kit's error
 * mapping) read the JSON form, so the endpoint converts here.
 */
import { FailedTransactionMetadata } from 'litesvm'

// Index = litesvm's const enum value; the names are Solana's own.
const transactionErrorNames = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const instructionErrorNames = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

/** A transaction error in the RPC's JSON form. */
export type RpcTransactionError = string | Record<string, unknown>

type FailedError = ReturnType<FailedTransactionMetadata['err']>
type InstructionFailure = { index: number; err(): number | { code: number } | { msg: string } }

function instructionError(error: ReturnType<InstructionFailure['err']>): RpcTransactionError {
  if (typeof error === 'number') return instructionErrorNames[error] ?? 'GenericError'
  if ('code' in error) return { Custom: error.code }
  return { BorshIoError: error.msg }
}

/**
 * The JSON form of a failed transaction's error.
 *
 * @example
 * toRpcTransactionError(failed) // { InstructionError: [0, { Custom: 1 }] }
 */
export function toRpcTransactionError(failed: FailedTransactionMetadata): RpcTransactionError {
  const error: FailedError = failed.err()
  if (typeof error === 'number') return transactionErrorNames[error] ?? 'SanitizeFailure'
  // litesvm exports the error variants as types only, so they are told apart by shape.
  if ('err' in error && typeof error.err === 'function') {
    const failure = error as unknown as InstructionFailure
    return { InstructionError: [failure.index, instructionError(failure.err())] }
  }
  if ('accountIndex' in error) {
    const name = error.constructor.name.includes('Restricted')
      ? 'ProgramExecutionTemporarilyRestricted'
      : 'InsufficientFundsForRent'
    return { [name]: { account_index: error.accountIndex } }
  }
  return { DuplicateInstruction: (error as { index: number }).index }
}

/** True when litesvm answered with a failure. */
export function isFailed(result: unknown): result is FailedTransactionMetadata {
  return result instanceof FailedTransactionMetadata
}
