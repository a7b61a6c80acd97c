/**
 * The dev Farcaster app's profile pictures: a small SVG per dev fid (a coloured circle with
 * the username's first letter), made here so the devstack needs no outside assets. The app
 * serves them at `<appUrl>/pfp/<fid>.svg` and sends that URL as `pfpUrl` when it approves
 * a sign-in, as a person's Farcaster app sends the profile picture a hub has for them.
 */

/**
 * Where the dev app serves `fid`'s picture.
 *
 * @example
 * devAvatarUrl('http://127.0.0.1:43123/', 1001) // 'http://127.0.0.1:43123/pfp/1001.svg'
 */
export function devAvatarUrl(appUrl: string, fid: number): string {
  return `${appUrl.replace(/\/+$/, '')}/pfp/${fid}.svg`
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The picture: 64x64, a circle whose hue follows the fid (so alice and bob differ) and the
 * username's first letter, upper-cased, in white.
 *
 * @example
 * devAvatarSvg({ fid: 1001, username: 'alice-dev' }) // '<svg xmlns=... >A</text></svg>'
 */
export function devAvatarSvg(user: { fid: number; username: string }): string {
  const hue = (user.fid * 137) % 360
  const letter = escapeXml((user.username.trim()[0] ?? '?').toUpperCase())
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hue},55%,45%)"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" fill="#fff" ` +
    `font-family="system-ui,sans-serif" font-size="30" font-weight="600">${letter}</text></svg>`
  )
}
