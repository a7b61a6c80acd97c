import encodeQR from 'qr'

/**
 * The modules of a QR code for `text`, row by row (`true` is dark), without a quiet zone.
 * Error correction 'medium' (15%): an address is short, so the code stays small while a
 * smudged screen or a glare still scans.
 *
 * @example
 * qrMatrix('0x70997970C51812dc3A010C7d01b50e0d17dc79C8').length // 29 (version 3)
 */
export function qrMatrix(text: string): boolean[][] {
  // The library always draws a border; one module is the least it accepts, cut off here
  // so the drawing code owns the quiet zone.
  const withBorder = encodeQR(text, 'raw', { ecc: 'medium', border: 1 })
  return withBorder.slice(1, -1).map((row) => row.slice(1, -1))
}

/**
 * One SVG path drawing every dark module as a unit square, offset by `margin` modules:
 * a single element however large the code, and no markup built from strings.
 *
 * @example
 * qrPath([[true, false], [false, true]], 4) // 'M4 4h1v1h-1zM5 5h1v1h-1z'
 */
export function qrPath(matrix: readonly (readonly boolean[])[], margin: number): string {
  let path = ''
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + margin} ${y + margin}h1v1h-1z`
    })
  })
  return path
}
