'use client'
import type { ReactElement } from 'react'
import { ActivityList } from './ActivityList'

export { historyViewStrings as viewStrings } from './viewStrings'

/** The Activity view: the list on a page of its own, for `router.push('Activity')`. */
export default function ActivityView(): ReactElement {
  return <ActivityList height={480} />
}
