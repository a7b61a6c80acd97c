/**
 * The rules the swap views add to the modal's stylesheet (inside its shadow root, so they
 * reach nothing outside); everything else reuses `lk-` classes.
 */
export const swapsCss = `
.lk-swap-panel{display:flex;flex-direction:column;gap:6px;padding:12px;border-radius:var(--lk-radius-md);background:var(--lk-surface)}
.lk-swap-panel>span{font-size:12px;color:var(--lk-muted)}
.lk-swap-line{display:flex;align-items:center;gap:8px}
.lk-swap-amount{flex:1;min-width:0;border:0;background:transparent;color:var(--lk-fg);font:inherit;font-size:24px;font-weight:600;padding:0}
.lk-swap-amount:focus{outline:none}
.lk-swap-token{display:inline-flex;align-items:center;gap:6px;min-height:36px;padding:0 10px;border:var(--lk-border-width) solid var(--lk-border);border-radius:var(--lk-radius-pill);background:var(--lk-bg);color:var(--lk-fg);font:inherit;cursor:pointer;flex:none}
.lk-swap-token img{width:20px;height:20px;border-radius:50%}
.lk-swap-meta{display:flex;justify-content:space-between;font-size:12px;color:var(--lk-muted)}
.lk-swap-switch{align-self:center;width:36px;height:36px;margin:-14px 0;z-index:1;border:4px solid var(--lk-bg);border-radius:var(--lk-radius-md);background:var(--lk-surface);color:var(--lk-fg);cursor:pointer}
.lk-facts{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0;font-size:13px}
.lk-facts dt{color:var(--lk-muted)}
.lk-facts dd{margin:0;text-align:end;overflow-wrap:anywhere}
.lk-input{width:100%;min-height:40px;padding:0 12px;border:var(--lk-border-width) solid var(--lk-border);border-radius:var(--lk-radius-md);background:var(--lk-bg);color:var(--lk-fg);font:inherit}
.lk-swap-lists{max-height:360px;overflow:auto}
.lk-swap-lists h3{font-size:12px;color:var(--lk-muted);margin:8px 0 4px;font-weight:500}
.lk-swap-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
`
