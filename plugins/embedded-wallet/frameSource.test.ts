import { describe, expect, it } from 'vitest'
import { frameSource } from './frameSource'

const base = { projectId: 'p 1', chainId: 'eip155:1', version: '4', enableLogger: false }

describe('frameSource', () => {
  it('loads /frame under the base URL with the four query parameters, and names the exact origin', () => {
    expect(frameSource({ ...base, frameUrl: 'https://wallet.example' })).toEqual({
      src: 'https://wallet.example/frame?projectId=p+1&chainId=eip155%3A1&version=4&enableLogger=false',
      origin: 'https://wallet.example',
    })
  })

  it('keeps a path and drops its trailing slashes; the origin keeps the port', () => {
    const { src, origin } = frameSource({
      ...base,
      frameUrl: 'http://127.0.0.1:8123/embedded//',
      enableLogger: true,
    })
    expect(src).toBe(
      'http://127.0.0.1:8123/embedded/frame?projectId=p+1&chainId=eip155%3A1&version=4&enableLogger=true',
    )
    expect(origin).toBe('http://127.0.0.1:8123')
  })
})
