/**
 * Styles of the dev wallet panel. They live in the panel's shadow root, so the dApp's CSS
 * cannot restyle the wallet and the wallet's cannot leak into the dApp. Dark with an amber
 * "DEV" mark, so nobody mistakes it for part of the dApp or for a real wallet.
 */
export const panelStyles = `
:host { all: initial; }
.panel {
  position: fixed; left: 16px; bottom: 16px; z-index: 2147483647;
  width: 300px; max-height: calc(100vh - 32px); overflow: auto; box-sizing: border-box;
  font: 13px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  color: #e8e9ee; background: #1b1d23; border: 1px solid #3a3d48; border-radius: 12px;
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.35);
}
.header { display: flex; align-items: center; gap: 8px; padding: 10px 12px; border-bottom: 1px solid #2c2f38; }
.badge { font-size: 10px; font-weight: 700; letter-spacing: 0.06em; color: #1b1d23; background: #f5b841; border-radius: 4px; padding: 1px 5px; }
.title { font-weight: 600; margin: 0; font-size: 13px; }
.hint { color: #9a9eab; font-size: 11px; margin-left: auto; }
.body { padding: 10px 12px 12px; display: grid; gap: 8px; }
label { display: grid; gap: 2px; color: #9a9eab; font-size: 11px; }
select {
  font: inherit; color: #e8e9ee; background: #262933; border: 1px solid #3a3d48; border-radius: 6px;
  padding: 4px 6px; width: 100%;
}
.site { display: flex; align-items: center; gap: 8px; justify-content: space-between; font-size: 12px; }
.site button { white-space: nowrap; flex: none; }
.site-status[data-connected='true'] { color: #7ad99b; }
.site-status[data-connected='false'] { color: #9a9eab; }
button {
  font: inherit; font-size: 12px; cursor: pointer; border-radius: 6px; padding: 4px 10px;
  border: 1px solid #3a3d48; background: #262933; color: #e8e9ee;
}
button:disabled { opacity: 0.45; cursor: default; }
button:focus-visible, select:focus-visible { outline: 2px solid #f5b841; outline-offset: 1px; }
.prompt { border: 1px solid #f5b841; border-radius: 10px; padding: 10px; display: grid; gap: 6px; background: #23252d; }
.prompt[hidden] { display: none; }
.prompt-title { margin: 0; font-size: 13px; font-weight: 600; color: #f5b841; }
.prompt dl { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; }
.prompt dt { color: #9a9eab; font-size: 11px; }
.prompt dd { margin: 0; font-size: 12px; word-break: break-all; white-space: pre-wrap; max-height: 120px; overflow: auto; }
.waiting { color: #9a9eab; font-size: 11px; }
.actions { display: flex; gap: 8px; justify-content: flex-end; }
.approve { background: #f5b841; color: #1b1d23; border-color: #f5b841; font-weight: 600; }
/* A phone: the panel sits in the page after its content, so it never covers the dApp's
   modal; only a pending prompt floats, at the top, until it is answered. */
@media (max-width: 600px) {
  :host { display: block; }
  .panel { position: static; width: auto; max-height: none; margin: 8px; box-shadow: none; }
  .prompt {
    position: fixed; top: 8px; left: 8px; right: 8px; z-index: 2147483647;
    max-height: calc(100vh - 16px); overflow: auto; box-shadow: 0 8px 24px rgba(0, 0, 0, 0.45);
  }
}
`
