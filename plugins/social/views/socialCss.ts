/** The social buttons' own rules (the modal's shadow root keeps the page's CSS out). */
export const socialCss = `
.lk-social-row{display:flex;gap:8px}
.lk-social-row>button{flex:1;min-height:40px}
.lk-social-mark{display:inline-flex;align-items:center;justify-content:center;width:22px;height:22px;border-radius:6px;color:#fff;font-size:12px;font-weight:700;margin-inline-end:8px;vertical-align:middle}
.lk-social-note{margin:0;font-size:14px;text-align:center}
.lk-social-error{margin:0;font-size:13px;color:var(--lk-error)}
`
