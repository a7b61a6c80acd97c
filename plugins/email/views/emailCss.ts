/** The email views' own rules (the modal's shadow root keeps the page's CSS out). */
export const emailCss = `
.lk-email-form{display:flex;gap:8px}
.lk-email-input{flex:1;min-width:0;min-height:40px;padding:0 12px;border:var(--lk-border-width) solid var(--lk-border);border-radius:var(--lk-radius-md);background:var(--lk-bg);color:var(--lk-fg);font:inherit}
.lk-email-input:focus,.lk-otp input:focus{outline:2px solid var(--lk-accent);outline-offset:1px}
.lk-otp{display:flex;gap:8px;justify-content:center;direction:ltr}
.lk-otp input{width:40px;height:48px;text-align:center;font:inherit;font-size:20px;border:var(--lk-border-width) solid var(--lk-border);border-radius:var(--lk-radius-md);background:var(--lk-bg);color:var(--lk-fg)}
.lk-email-note{margin:0;font-size:14px;text-align:center}
.lk-email-error{margin:0;font-size:13px;color:var(--lk-error)}
`
