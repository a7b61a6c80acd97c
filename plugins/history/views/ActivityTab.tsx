'use client'
import type { ReactElement } from 'react'
import { ActivityList } from './ActivityList'

export { historyViewStrings as viewStrings } from './viewStrings'

/** The Account view's Activity tab: the list at a height that fits under the account. */
export default function ActivityTab(): ReactElement {
  return (
    <div className="lk-stack" style={{ marginTop: 12 }}>
      <ActivityList height={360} />
    </div>
  )
}
