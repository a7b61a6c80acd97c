'use client'
import * as React from 'react'
import { type ReactElement, useId, useRef, useState } from 'react'
import { useKernel } from '../context'
import { dialogCss } from '../dialogStyles'
import { useLocaleDirection, useLocaleTag } from '../useI18n'
import { useRoute } from '../useRoute'
import { ModalHeader, type Route } from './ModalHeader'
import { useAnimatedHeight } from './useAnimatedHeight'
import { useFocusTrap } from './useFocusTrap'
import { ViewOutlet } from './ViewOutlet'

// React 19.2 on; read off the namespace so that an older React finds it undefined rather
// than failing to link, and then gets no prerender.
const { Activity } = React as { Activity?: typeof React.Activity }

/**
 * The open modal: an overlay and a labelled, focus-trapping dialog. Escape, the close
 * button and a click on the overlay all go through kernel.close(), so close guards apply.
 * `preview` renders it for that view instead of the route, for the prerender.
 */
function DialogBox({ preview }: { preview?: string }): ReactElement {
  const kernel = useKernel()
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)
  const current = useRoute()
  const route: Route = preview ? { view: preview, depth: 1, params: {} } : current
  useFocusTrap(dialog, () => kernel.close(), `${route.depth}:${route.view}`)
  const [content, height] = useAnimatedHeight<HTMLDivElement>()
  // The language's direction lays the dialog out: under rtl the header, rows and icons mirror.
  const dir = useLocaleDirection()
  const lang = useLocaleTag()

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; Escape and the close button serve the keyboard
    <div
      className="lk-overlay"
      dir={dir}
      lang={lang}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) kernel.close()
      }}
    >
      <div
        ref={dialog}
        className="lk-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <ModalHeader titleId={titleId} route={route} />
        <div className="lk-body" style={height === undefined ? undefined : { height }}>
          <div className="lk-content" ref={content}>
            <ViewOutlet route={route} />
          </div>
        </div>
      </div>
    </div>
  )
}

/**
 * The dialog and its stylesheet (dialogStyles.ts, the core views' included), which load
 * with it. Mounted by the modal as soon as this module has loaded, open or not:
 * - the stylesheet goes into the shadow root once, not on every open;
 * - until the first open, the dialog on the Connect view is rendered hidden in an
 *   `<Activity>` (React 19.2 on): React renders it while idle and mounts no effect, so
 *   the first open reveals a dialog whose code has run, instead of running a few dozen
 *   components for the first time between the click and the frame. Connect only: it is
 *   what a first visit opens, and its view is loaded with this module (preloadModal), so
 *   the prerender never waits on a load; an open on another view replaces it. After a
 *   close nothing stays: later opens run warm code anyway, and a closed modal holds no
 *   DOM.
 */
export function Dialog({ open }: { open: boolean }): ReactElement {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  // One element in both modes, so that opening reveals the prerendered tree.
  const box = <DialogBox preview={open ? undefined : 'Connect'} />
  return (
    <>
      <style>{dialogCss}</style>
      {Activity
        ? (open || !opened) && <Activity mode={open ? 'visible' : 'hidden'}>{box}</Activity>
        : open && box}
    </>
  )
}
