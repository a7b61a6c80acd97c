/**
 * JSON with comments (`//` and `/* *\/`) and trailing commas, as the starter config is
 * written: both are blanked out (so positions in error messages stay those of the file)
 * and the rest is read by `JSON.parse`.
 */

/** What `JSON.parse` reported, with the line and column of the file where it happened. */
export class JsoncError extends Error {
  override name = 'JsoncError'
}

/** `text` with comments and trailing commas turned into spaces, strings left as they are. */
function blanked(text: string): string {
  const out = text.split('')
  let i = 0
  const blank = (from: number, to: number) => {
    for (let j = from; j < to; j++) if (out[j] !== '\n') out[j] = ' '
  }
  let lastComma = -1
  while (i < text.length) {
    const char = text[i]
    if (char === '"') {
      lastComma = -1
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++
      i++
    } else if (char === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i)
      const stop = end === -1 ? text.length : end
      blank(i, stop)
      i = stop
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2)
      const stop = end === -1 ? text.length : end + 2
      blank(i, stop)
      i = stop
    } else {
      if (char === ',') lastComma = i
      else if ((char === '}' || char === ']') && lastComma !== -1) {
        out[lastComma] = ' '
        lastComma = -1
      } else if (char !== undefined && !/\s/.test(char)) lastComma = -1
      i++
    }
  }
  return out.join('')
}

/**
 * @example parseJsonc('{ // the port\n "port": 8787, }') // { port: 8787 }
 */
export function parseJsonc(text: string): unknown {
  const plain = blanked(text)
  try {
    return JSON.parse(plain)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const position = /position (\d+)/.exec(message)?.[1]
    if (position === undefined) throw new JsoncError(message)
    const before = plain.slice(0, Number(position))
    const line = before.split('\n').length
    const column = Number(position) - before.lastIndexOf('\n')
    throw new JsoncError(
      `${message.replace(/ in JSON at position \d+.*$/, '')} at line ${line}, column ${column}`,
    )
  }
}
