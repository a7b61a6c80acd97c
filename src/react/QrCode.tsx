'use client'
import { type ReactElement, useMemo } from 'react'
import { qrMatrix, qrPath } from './qrMatrix'

/** The blank border scanners need around a code: four modules (ISO/IEC 18004). */
const QUIET_ZONE = 4

export interface QrCodeProps {
  value: string
  /** Accessible name of the image. */
  label: string
  /** Rendered width and height in CSS pixels. */
  size?: number
  /** Its `data-latchkit` name, for a page's styles and tests. Default 'qr'. */
  part?: string
}

/**
 * A QR code as an inline SVG: dark modules on a white square, whatever the theme, since
 * scanners expect dark on light.
 *
 * @example
 * <QrCode value={address} label={`QR code of ${address}`} size={240} part="receive-qr" />
 */
export function QrCode({ value, label, size = 240, part = 'qr' }: QrCodeProps): ReactElement {
  const { path, extent } = useMemo(() => {
    const matrix = qrMatrix(value)
    return { path: qrPath(matrix, QUIET_ZONE), extent: matrix.length + QUIET_ZONE * 2 }
  }, [value])
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
      data-latchkit={part}
      data-value={value}
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
