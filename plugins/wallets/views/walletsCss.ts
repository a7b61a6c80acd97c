/** The all-wallets list's layout: a fixed-height scroller, fixed-height rows, a monogram tile. */
export const walletsCss = `
.lk-wallets-scroller{height:420px;overflow-y:auto;overscroll-behavior:contain}
.lk-wallets-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.lk-wallet-mono{display:inline-flex;align-items:center;justify-content:center;flex:none;width:32px;height:32px;border-radius:var(--lk-radius-md,8px);background:var(--lk-accent);color:#fff;font-weight:700;font-size:13px}
.lk-wallet-note{display:block;font-size:12px;color:var(--lk-muted)}
.lk-wallet-row[aria-disabled=true]{opacity:.7;cursor:default}
.lk-input{width:100%;min-height:40px;padding:0 12px;box-sizing:border-box;border:var(--lk-border-width) solid var(--lk-border);border-radius:var(--lk-radius-md);background:var(--lk-bg);color:var(--lk-fg);font:inherit}
`
