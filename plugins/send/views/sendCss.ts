/**
 * The few rules the send views add to the modal's stylesheet (they render inside its
 * shadow root, so these reach nothing outside); everything else reuses `lk-` classes.
 */
export const sendCss = `
.lk-field{display:flex;flex-direction:column;gap:4px}
.lk-field>span,.lk-field>label{font-size:12px;color:var(--lk-muted)}
.lk-input{width:100%;min-height:40px;padding:0 12px;border:var(--lk-border-width) solid var(--lk-border);border-radius:var(--lk-radius-md);background:var(--lk-bg);color:var(--lk-fg);font:inherit}
.lk-input[aria-invalid=true]{border-color:var(--lk-error)}
.lk-input-row{display:flex;gap:8px}
.lk-input-row .lk-input{flex:1;min-width:0}
.lk-facts{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0;font-size:13px}
.lk-facts dt{color:var(--lk-muted)}
.lk-facts dd{margin:0;text-align:end;overflow-wrap:anywhere}
.lk-mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px;overflow-wrap:anywhere}
.lk-amount{font-size:24px;font-weight:600;text-align:center;margin:8px 0;overflow-wrap:anywhere}
.lk-warning{border:var(--lk-border-width) solid var(--lk-error);border-radius:var(--lk-radius-md);padding:8px 12px;font-size:13px}
.lk-warning p{margin:0 0 6px}
`
