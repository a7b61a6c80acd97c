import { receive } from 'latchkit/plugins/receive'
import decodeQR from 'qr/decode.js'
import { describe, expect, it, vi } from 'vitest'
import { qrPath } from '../../../src/react/qrMatrix'
import { click, connectWallet, ME, makeKernel, modal, openOn, renderWith } from '../helpers'

/**
 * Reads a rendered QR code back the way a phone would: the SVG's path of unit squares is
 * painted onto a white bitmap and handed to a real decoder.
 */
function decodeSvg(svg: SVGElement): string {
  const extent = Number(svg.getAttribute('viewBox')?.split(' ')[2])
  const scale = 4
  const size = extent * scale
  const pixels = new Uint8Array(size * size * 4).fill(255)
  const d = svg.querySelector('path')?.getAttribute('d') ?? ''
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const i = ((Number(y) * scale + dy) * size + Number(x) * scale + dx) * 4
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0
      }
    }
  }
  return decodeQR({ width: size, height: size, data: pixels })
}

async function openReceive() {
  const { kernel } = makeKernel({ plugins: [receive()] })
  renderWith(kernel)
  await connectWallet(kernel)
  await openOn(kernel, 'Receive')
  return kernel
}

describe('Receive view', () => {
  it('shows the address as a QR code that decodes to exactly the address', async () => {
    await openReceive()
    const qr = modal().getByRole('img', { name: `QR code of the address ${ME}` })
    expect(decodeSvg(qr as unknown as SVGElement)).toBe(ME)
    expect(modal().getByText(ME)).toBeTruthy()
  })

  it('copies the address and confirms it', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    try {
      const kernel = await openReceive()
      await click(modal().getByRole('button', { name: 'Copy address' }))
      expect(writeText).toHaveBeenCalledWith(ME)
      expect(modal().getByRole('button', { name: 'Address copied' })).toBeTruthy()
      expect(kernel.getState().snackbar).toMatchObject({
        open: true,
        variant: 'success',
        message: 'Address copied',
      })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('lists the networks of the namespace the address can receive on', async () => {
    await openReceive()
    const list = modal().getByText('This address receives on these networks:')
      .nextElementSibling as HTMLElement
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Local 31337',
      'Local 31338',
    ])
  })

  it('draws modules as unit squares inside the quiet zone', () => {
    expect(
      qrPath(
        [
          [true, false],
          [false, true],
        ],
        4,
      ),
    ).toBe('M4 4h1v1h-1zM5 5h1v1h-1z')
  })
})
