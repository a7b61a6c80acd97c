import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newLocalContext } from '../support/browser.js'
import { browserForFile } from '../support/browser-for-file.js'
import { type StaticServer, serveHtml } from '../support/static-server.js'
import { eventually } from '../support/waiting.js'

const getBrowser = browserForFile()
let server: StaticServer

beforeAll(async () => {
  server = await serveHtml({
    '/': '<!doctype html><title>latchkit smoke</title><p>hello</p>',
    '/external': `<!doctype html><title>external</title><script>
      window.result = fetch('https://example.com/x').then(() => 'loaded', () => 'failed')
    </script>`,
  })
})
afterAll(() => server?.close())

describe('browser harness', () => {
  it('loads a page from 127.0.0.1 and reads its title', async () => {
    const { context, blocked } = await newLocalContext(getBrowser())
    try {
      const page = await context.newPage()
      await page.goto(server.url)
      expect(await page.title()).toBe('latchkit smoke')
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('blocks requests that leave the machine', async () => {
    const { context, blocked } = await newLocalContext(getBrowser())
    try {
      const page = await context.newPage()
      await page.goto(new URL('/external', server.url).href)
      await eventually(() =>
        page.evaluate(() => (window as unknown as { result: Promise<string> }).result),
      ).toBe('failed')
      expect(blocked).toEqual(['https://example.com/x'])
    } finally {
      await context.close()
    }
  })
})
