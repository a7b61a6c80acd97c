/** The checkbox's own rules (the modal's shadow root keeps the page's CSS out). */
export const legalCss = `
.lk-legal{display:flex;gap:8px;align-items:flex-start;font-size:14px;line-height:1.4}
.lk-legal input{margin:2px 0 0;accent-color:var(--lk-accent)}
`
