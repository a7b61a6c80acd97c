/**
 * The stylesheet every modal shadow root holds from the start: the root, the snackbar (it
 * shows while the modal is closed), focus rings and the reduced-motion switch. The dialog
 * and its views bring the rest (dialogStyles.ts) when they load. The host page cannot
 * reach in and nothing here can leak out. Colours, radius, font and z-index come from the
 * theme's custom properties (see tokens.ts), set inline on `.lk-root`. The root, like the
 * host, has no box: all that shows is fixed, so the page's layout (a flex or grid body,
 * its gaps) never gets one more item.
 */
export const modalCss = `
:host{all:initial}
.lk-root{display:contents;font-family:var(--lk-font);color:var(--lk-fg);font-size:14px;line-height:1.4;-webkit-font-smoothing:antialiased}
.lk-root *,.lk-root *::before,.lk-root *::after{box-sizing:border-box}
.lk-root button,.lk-root a{font:inherit;color:inherit}
.lk-root :focus-visible{outline:2px solid var(--lk-accent);outline-offset:2px}
.lk-spinner{width:40px;height:40px;border-radius:50%;border:3px solid var(--lk-surface);border-top-color:var(--lk-accent);animation:lk-spin 800ms linear infinite}
.lk-snackbar{position:fixed;left:50%;bottom:24px;transform:translateX(-50%);z-index:calc(var(--lk-z-index) + 1);display:flex;align-items:center;gap:8px;max-width:calc(100vw - 24px);padding:8px 14px;border-radius:var(--lk-radius-pill);background:var(--lk-bg);color:var(--lk-fg);border:var(--lk-border-width) solid var(--lk-border);box-shadow:0 4px 20px rgba(0,0,0,.15);animation:lk-view-in 150ms ease}
.lk-snackbar[data-variant=success] svg{color:var(--lk-success)}
.lk-snackbar[data-variant=error] svg{color:var(--lk-error)}
.lk-snackbar .lk-spinner{width:14px;height:14px;border-width:2px}
.lk-snackbar button{all:unset;color:var(--lk-accent);text-decoration:underline;cursor:pointer}
.lk-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@keyframes lk-view-in{from{opacity:0;transform:translateY(4px)}}
@keyframes lk-spin{to{transform:rotate(360deg)}}
@media (max-width:430px){
.lk-snackbar{bottom:16px}
}
@media (prefers-reduced-motion:reduce){
.lk-root *,.lk-root *::before,.lk-root *::after{animation:none !important;transition:none !important}
}
`
