/** The Farcaster views' own rules (the modal's shadow root keeps the page's CSS out). */
export const farcasterCss = `
.lk-fc-mark{display:inline-flex;align-items:center;justify-content:center;width:22px;height:22px;border-radius:6px;background:#7c65c1;color:#fff;font-size:12px;font-weight:700;margin-inline-end:8px;vertical-align:middle}
.lk-fc-qr{display:flex;justify-content:center;padding:4px 0}
.lk-fc-qr svg{border-radius:var(--lk-radius-md);max-width:100%;height:auto}
.lk-fc-links{display:flex;flex-direction:column;gap:8px}
.lk-fc-note{margin:0;font-size:14px;text-align:center}
.lk-fc-error{margin:0;font-size:13px;color:var(--lk-error)}
`
