/**
 * latchkit/react/views: helpers for the views a plugin loads lazily (`views.register({
 * load })`). An entry of its own, apart from `latchkit/react`, so that what only views use
 * stays out of the chunks a page loads at start-up: a bundler keeps whatever start-up code
 * imports, even through a re-export, in those chunks. Import it from view modules only.
 *
 * @example
 * import { describeFailure } from 'latchkit/react/views'
 *
 * setProblem(describeFailure(error, t('myplugin.failed')))
 */
export { describeFailure } from './describeFailure'
export { QrCode, type QrCodeProps } from './QrCode'
