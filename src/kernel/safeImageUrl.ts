/**
 * The one rule for image URLs that come from outside (wallet icons from EIP-6963 and
 * Wallet Standard, avatars, token, NFT and network images). Latchkit puts them only in
 * `<img src>`, never in markup, so the rule is about what an image source may load:
 *
 * - a `data:image/...` URI with its comma (an SVG one too, even with `<script>`: an SVG
 *   loaded as an image never runs script or loads other resources);
 * - an https URL with a host;
 * - an http URL on this machine's loopback (`localhost`, `127.0.0.1`, `[::1]`), for local
 *   development servers.
 *
 * Nothing else: no `javascript:`, `data:text/html`, `blob:`, other http hosts, relative
 * URLs, raw markup, and no white space around the URL (the URL parser would forgive it).
 */

// One pattern, so the rule stays small in the first bundle: a data:image media type with
// optional parameters and the comma that starts the payload; https with a host; http on
// a loopback host, with an optional port, then the path or nothing. A URL of either
// scheme has no white space (the URL parser would forgive it) and no user info, so
// `http://localhost@evil.example/` is refused.
const safeImagePattern =
  /^(?:data:image\/[a-z0-9.+-]+(?:;[a-z0-9=.+-]+)*,|https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?(?:[/?#]\S*)?$)/i

/**
 * `url` itself when it may be used as an image source, else undefined.
 *
 * @example
 * safeImageUrl('https://wallet.example/icon.png') // 'https://wallet.example/icon.png'
 * safeImageUrl('http://localhost:5173/icon.png') // 'http://localhost:5173/icon.png'
 * safeImageUrl('http://evil.example/icon.png') // undefined
 * safeImageUrl('javascript:alert(1)') // undefined
 */
export function safeImageUrl(url: unknown): string | undefined {
  return typeof url === 'string' && safeImagePattern.test(url) ? url : undefined
}
