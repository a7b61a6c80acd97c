/** The few rules the names views add to the modal's stylesheet (inside its shadow root). */
export const ensCss = `
.lk-field{display:flex;flex-direction:column;gap:4px}
.lk-field>label{font-size:12px;color:var(--lk-muted)}
.lk-input{width:100%;min-height:40px;padding:0 12px;border:var(--lk-border-width) solid var(--lk-border);border-radius:var(--lk-radius-md);background:var(--lk-bg);color:var(--lk-fg);font:inherit}
.lk-input[aria-invalid=true]{border-color:var(--lk-error)}
.lk-input-row{display:flex;gap:8px;align-items:center}
.lk-input-row .lk-input{flex:1;min-width:0}
.lk-suggestions{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
`
