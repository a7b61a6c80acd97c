/**
 * The few rules the activity list adds to the modal's stylesheet (it renders inside the
 * modal's shadow root, so they reach nothing outside); everything else reuses `lk-` classes.
 * Row and month heights are fixed, and ActivityList's virtualizer counts on them. A long
 * (virtual) list has a fixed height and strict containment; a short one is at most as tall.
 */
export const historyCss = `
.lk-activity{overflow-y:auto}
.lk-activity[data-virtual=true]{contain:strict}
.lk-activity-month{height:32px;box-sizing:border-box;margin:0;padding:12px 0 4px;font-size:12px;color:var(--lk-muted)}
.lk-activity-item{height:72px;box-sizing:border-box;padding-bottom:8px}
.lk-activity-item>.lk-row{height:64px;box-sizing:border-box;cursor:default;overflow:hidden}
.lk-activity-images{position:relative;display:inline-flex;flex:none}
.lk-activity-images img+img,.lk-activity-images .lk-tile+img{margin-inline-start:-14px;box-shadow:0 0 0 2px var(--lk-surface)}
.lk-activity-badge{position:absolute;inset-inline-end:-3px;bottom:-3px;width:14px;height:14px;border-radius:50%;border:2px solid var(--lk-surface);background:var(--lk-accent)}
.lk-activity-badge[data-status=failed]{background:var(--lk-error)}
.lk-activity-badge[data-status=pending]{background:var(--lk-muted);animation:lk-pulse 1s ease-in-out infinite alternate}
.lk-activity-side{text-align:end;font-size:12px;line-height:14px;flex:none;white-space:nowrap}
`
