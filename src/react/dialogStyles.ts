/**
 * The dialog's and the core views' stylesheet, rendered by the dialog into the modal's
 * shadow root, after the shell's (styles.ts): it loads with them, not at start-up.
 * The modal is --lk-modal-width wide (360px by default); it animates a view change over
 * 150 ms, the header text over 120 ms and the height over 150 ms. Sizes, colours and
 * radii come from the theme's custom properties (tokens.ts).
 */
export const dialogCss = `
.lk-overlay{position:fixed;inset:0;z-index:var(--lk-z-index);background:var(--lk-overlay);display:flex;align-items:center;justify-content:center;animation:lk-fade 150ms ease}
.lk-dialog{width:var(--lk-modal-width);max-width:calc(100vw - 24px);background:var(--lk-bg);color:var(--lk-fg);border:var(--lk-border-width) solid var(--lk-border);border-radius:var(--lk-radius);box-shadow:0 8px 40px rgba(0,0,0,.2);overflow:hidden;outline:none}
.lk-overlay[dir=rtl] .lk-directional{transform:scaleX(-1)}
.lk-header{display:grid;grid-template-columns:40px 1fr 40px;align-items:center;padding:12px 12px 4px}
.lk-title{margin:0;font-size:16px;font-weight:600;text-align:center;animation:lk-fade 120ms ease}
.lk-body{transition:height 150ms ease;overflow:hidden}
.lk-content{max-height:min(600px,80vh);overflow-y:auto;padding:8px 16px 16px}
.lk-view{animation:lk-view-in 150ms ease}
.lk-icon-btn{width:32px;height:32px;display:inline-flex;align-items:center;justify-content:center;border:0;border-radius:50%;background:transparent;color:var(--lk-fg);cursor:pointer}
.lk-icon-btn:hover{background:var(--lk-surface)}
.lk-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.lk-row{width:100%;display:flex;align-items:center;gap:12px;padding:10px 12px;border:0;border-radius:var(--lk-radius-md);background:var(--lk-surface);text-align:start;cursor:pointer;text-decoration:none}
.lk-row:hover{background:var(--lk-surface-hover)}
.lk-row:disabled{cursor:default;opacity:.7}
.lk-gate{border:0;margin:0;padding:0;min-width:0}
.lk-reason{display:block;font-size:12px}
.lk-row[aria-current=true]{box-shadow:inset 0 0 0 2px var(--lk-accent)}
.lk-row img,.lk-tile{width:32px;height:32px;border-radius:var(--lk-radius-sm);flex:none;object-fit:cover;display:inline-flex;align-items:center;justify-content:center;background:var(--lk-bg)}
.lk-grow{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.lk-tag{font-size:12px;padding:2px 8px;border-radius:var(--lk-radius-pill);background:var(--lk-bg);color:var(--lk-muted)}
.lk-section{margin:16px 0 8px;font-size:12px;color:var(--lk-muted)}
.lk-muted{color:var(--lk-muted)}
.lk-center{display:flex;flex-direction:column;align-items:center;gap:8px;text-align:center;padding:16px 0}
.lk-error{color:var(--lk-error)}
.lk-primary,.lk-secondary{display:inline-flex;align-items:center;justify-content:center;gap:6px;min-height:40px;padding:0 16px;border-radius:var(--lk-radius-pill);border:0;cursor:pointer;font-weight:600}
.lk-primary{background:var(--lk-accent);color:var(--lk-accent-fg) !important}
.lk-secondary{background:var(--lk-surface)}
.lk-stack{display:flex;flex-direction:column;gap:8px}
.lk-actions{display:flex;gap:8px;justify-content:center;flex-wrap:wrap}
.lk-skeleton{height:52px;border-radius:var(--lk-radius-md);background:var(--lk-surface);animation:lk-pulse 1s ease-in-out infinite alternate}
.lk-tabs{display:flex;gap:4px;padding:4px;margin-top:16px;border-radius:var(--lk-radius-pill);background:var(--lk-surface)}
.lk-tab{flex:1;min-height:32px;border:0;border-radius:var(--lk-radius-pill);background:transparent;cursor:pointer}
.lk-tab[aria-selected=true]{background:var(--lk-bg);font-weight:600}
.lk-profile{display:flex;flex-direction:column;align-items:center;gap:6px;padding:8px 0}
.lk-name{display:flex;align-items:center;gap:4px;font-size:18px;font-weight:600}
@keyframes lk-fade{from{opacity:0}}
@keyframes lk-pulse{to{opacity:.5}}
@media (max-width:430px){
.lk-overlay{align-items:flex-end}
.lk-dialog{width:100%;max-width:100%;border-radius:var(--lk-radius) var(--lk-radius) 0 0;border-bottom:0}
}
`
