/**
 * Drives a local provider's login as a browser would, with fetch: follows redirects by
 * hand, keeps the provider's cookies, and submits the login page's form for a dev user,
 * stopping at the redirect back to the app (which the caller then opens itself, so it
 * sees the frame service's answer).
 */

/** Cookies by name, as a browser keeps them for one host (paths are not told apart here). */
class CookieJar {
  readonly #cookies = new Map<string, string>()
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some(
        (attribute) =>
          /^\s*max-age=0\s*$/i.test(attribute) ||
          (/^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1] ?? '') < Date.now()),
      )
      if (expired || value === '') this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/**
 * Opens `authorizationUrl`, picks `userId` on the login page, and resolves with the URL
 * the provider redirects back to (the first redirect whose URL starts with `stopAt`).
 *
 * @example
 * const callback = await headlessLogin(started.url, 'alice', `${frame.url}/v1/social/callback`)
 * const page = await fetch(callback)
 */
export async function headlessLogin(authorizationUrl: string, userId: string, stopAt: string): Promise<URL> {
  const jar = new CookieJar()
  let next: { url: URL; init: RequestInit } = { url: new URL(authorizationUrl), init: {} }
  for (let hop = 0; hop < 20; hop += 1) {
    const response = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: { ...(next.init.headers as Record<string, string>), cookie: jar.header() },
    })
    jar.take(response)
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      const target = new URL(location, next.url)
      if (target.href.startsWith(stopAt)) return target
      next = { url: target, init: {} }
      continue
    }
    const page = await response.text()
    const action = page.match(/<form method="post" action="([^"]+)"/)?.[1]
    if (response.status !== 200 || !action)
      throw new Error(`headless login: ${next.url.href} answered ${response.status}: ${page.slice(0, 300)}`)
    next = {
      url: new URL(
        action.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
        next.url,
      ),
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ user: userId }).toString(),
      },
    }
  }
  throw new Error('headless login: too many redirects')
}
