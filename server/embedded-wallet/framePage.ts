/**
 * The frame page and its headers. The page is an empty shell that loads `/frame/frame.js`
 * (the frame's bundled code, see frame/); its Content-Security-Policy lets only the
 * project's allowed origins embed it (`frame-ancestors`) and the page load nothing but
 * its own origin's script. Every other page the service answers (the device approval, a
 * refusal) is static text with a policy that allows nothing at all.
 */

/** The page's own policy: scripts, fetches and everything else from the service's origin only. */
const PAGE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'"

/**
 * The frame's Content-Security-Policy for a project's allowed origins.
 *
 * @example
 * frameContentSecurityPolicy(['https://app.example'])
 * // "frame-ancestors https://app.example; default-src 'self'; ..."
 */
export function frameContentSecurityPolicy(allowedOrigins: readonly string[]): string {
  const ancestors = allowedOrigins.length > 0 ? allowedOrigins.join(' ') : "'none'"
  return `frame-ancestors ${ancestors}; ${PAGE_POLICY}`
}

/** The frame page: the frame's script does the rest, reading its own URL's query. */
export function framePage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Latchkit embedded wallet</title>
<script type="module" src="/frame/frame.js"></script>
</head>
<body>
<div id="latchkit-frame"></div>
</body>
</html>
`
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => escapes[ch] as string)

/** The policy of the static pages: nothing loads, nothing embeds them. */
export const STATIC_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"

/**
 * A small static page (the device approval, a refusal), its text escaped.
 *
 * @example
 * messagePage('This device is approved', 'Go back to the app to finish logging in.')
 */
export function messagePage(title: string, text: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 32rem; margin: 15vh auto; padding: 0 16px; color: #1b1b1f; }</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
</body>
</html>
`
}
