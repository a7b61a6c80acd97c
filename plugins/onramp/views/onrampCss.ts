/** The rules the on-ramp views add to the modal's stylesheet (inside its shadow root). */
export const onrampCss = `
.lk-field{display:flex;flex-direction:column;gap:4px}
.lk-field>span,.lk-field>label{font-size:12px;color:var(--lk-muted)}
.lk-input{width:100%;min-height:40px;padding:0 12px;border:var(--lk-border-width) solid var(--lk-border);border-radius:var(--lk-radius-md);background:var(--lk-bg);color:var(--lk-fg);font:inherit}
.lk-input-row{display:flex;gap:8px}
.lk-input-row .lk-input{flex:1;min-width:0}
.lk-presets{display:flex;gap:8px}
.lk-presets button{flex:1}
.lk-quote{display:flex;flex-direction:column;align-items:flex-start;gap:2px}
.lk-tag{font-size:11px;padding:1px 6px;border-radius:var(--lk-radius-pill);border:var(--lk-border-width) solid var(--lk-border);color:var(--lk-muted)}
`
