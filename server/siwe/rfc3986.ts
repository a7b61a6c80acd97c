/**
 * The parts of RFC 3986 (URI: Generic Syntax) that an EIP-4361 message uses: a whole
 * `URI`, an `authority` (the message's domain), and the character classes `pchar`,
 * `reserved` and `unreserved`. Pure syntax: nothing is resolved, decoded or normalised.
 * Every pattern is linear (no nested repetition), so any input is checked in time
 * proportional to its length.
 */

/** `unreserved` = ALPHA / DIGIT / "-" / "." / "_" / "~". */
const UNRESERVED = 'A-Za-z0-9\\-._~'
/** `sub-delims` = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=". */
const SUB_DELIMS = "!$&'()*+,;="
/** `pct-encoded` = "%" HEXDIG HEXDIG. */
const PCT_ENCODED = '%[0-9A-Fa-f]{2}'

const chars = (klass: string) => new RegExp(`^(?:[${klass}]|${PCT_ENCODED})*$`)

/** `scheme` = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*$/
/** `userinfo` = *( unreserved / pct-encoded / sub-delims / ":" ). */
const USERINFO = chars(`${UNRESERVED}${SUB_DELIMS}:`)
/** `reg-name` = *( unreserved / pct-encoded / sub-delims ). */
const REG_NAME = chars(`${UNRESERVED}${SUB_DELIMS}`)
/** `port` = *DIGIT. */
const PORT = /^[0-9]*$/
/** `segment` = *pchar, `pchar` = unreserved / pct-encoded / sub-delims / ":" / "@". */
const SEGMENT = chars(`${UNRESERVED}${SUB_DELIMS}:@`)
/** `query` and `fragment` = *( pchar / "/" / "?" ). */
const QUERY_OR_FRAGMENT = chars(`${UNRESERVED}${SUB_DELIMS}:@/?`)
/** `IPvFuture` = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ). */
const IPV_FUTURE = new RegExp(`^[vV][0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+$`)
/** `dec-octet`: 0 to 255 without leading zeros. */
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])'
const IPV4 = new RegExp(`^${DEC_OCTET}(?:\\.${DEC_OCTET}){3}$`)
const H16 = /^[0-9A-Fa-f]{1,4}$/

/** `scheme` of RFC 3986 (section 3.1), e.g. `https`. */
export function isScheme(text: string): boolean {
  return SCHEME.test(text)
}

/** `pchar` repeated: RFC 3986's `segment`, which is also EIP-4361's `request-id`. */
export function isPcharString(text: string): boolean {
  return SEGMENT.test(text)
}

/** Counts the 16-bit pieces of one side of an IPv6 address; -1 when a piece is malformed. */
function ipv6Pieces(side: string, lastMayBeIpv4: boolean): number {
  if (side === '') return 0
  const parts = side.split(':')
  let count = 0
  for (const [index, part] of parts.entries()) {
    if (lastMayBeIpv4 && index === parts.length - 1 && part.includes('.')) {
      if (!IPV4.test(part)) return -1
      count += 2
    } else if (H16.test(part)) {
      count += 1
    } else {
      return -1
    }
  }
  return count
}

/** `IPv6address` of RFC 3986 (section 3.2.2): eight pieces, or fewer around one `::`. */
export function isIpv6Address(text: string): boolean {
  const halves = text.split('::')
  if (halves.length > 2) return false
  if (halves.length === 1) return ipv6Pieces(text, true) === 8
  const left = ipv6Pieces(halves[0] as string, false)
  const right = ipv6Pieces(halves[1] as string, true)
  return left >= 0 && right >= 0 && left + right <= 7
}

/** `host` = IP-literal / IPv4address / reg-name (IPv4address is a case of reg-name). */
function isHost(text: string): boolean {
  if (text.startsWith('[')) {
    if (!text.endsWith(']')) return false
    const inside = text.slice(1, -1)
    return isIpv6Address(inside) || IPV_FUTURE.test(inside)
  }
  return REG_NAME.test(text)
}

/**
 * `authority` of RFC 3986 (section 3.2): `[ userinfo "@" ] host [ ":" port ]`. An empty
 * host is allowed, as the RFC allows it.
 *
 * @example
 * isAuthority('app.example:8443') // true
 * isAuthority('app.example/login') // false
 */
export function isAuthority(text: string): boolean {
  let rest = text
  const at = rest.indexOf('@')
  if (at !== -1) {
    if (!USERINFO.test(rest.slice(0, at))) return false
    rest = rest.slice(at + 1)
  }
  // An IP literal keeps its colons inside its brackets; otherwise the first ":" starts the port.
  let host: string
  let afterHost: string
  if (rest.startsWith('[')) {
    const close = rest.indexOf(']')
    if (close === -1) return false
    host = rest.slice(0, close + 1)
    afterHost = rest.slice(close + 1)
  } else {
    const colon = rest.indexOf(':')
    host = colon === -1 ? rest : rest.slice(0, colon)
    afterHost = colon === -1 ? '' : rest.slice(colon)
  }
  if (!isHost(host)) return false
  if (afterHost === '') return true
  return afterHost.startsWith(':') && PORT.test(afterHost.slice(1))
}

/** Every segment of a path is `*pchar`. */
const isPath = (path: string) => path.split('/').every((segment) => SEGMENT.test(segment))

/**
 * `URI` of RFC 3986 (section 3): `scheme ":" hier-part [ "?" query ] [ "#" fragment ]`,
 * where `hier-part` is `"//" authority path-abempty`, or a path that does not start with
 * `//`. A relative reference (no scheme) is not a URI.
 *
 * @example
 * isUri('https://app.example/login?next=%2F') // true
 * isUri('urn:isbn:0451450523') // true
 * isUri('app.example/login') // false
 * isUri('https://app.example/a b') // false
 */
export function isUri(text: string): boolean {
  const colon = text.indexOf(':')
  if (colon <= 0 || !SCHEME.test(text.slice(0, colon))) return false
  let rest = text.slice(colon + 1)
  const hash = rest.indexOf('#')
  if (hash !== -1) {
    if (!QUERY_OR_FRAGMENT.test(rest.slice(hash + 1))) return false
    rest = rest.slice(0, hash)
  }
  const question = rest.indexOf('?')
  if (question !== -1) {
    if (!QUERY_OR_FRAGMENT.test(rest.slice(question + 1))) return false
    rest = rest.slice(0, question)
  }
  if (rest.startsWith('//')) {
    const afterSlashes = rest.slice(2)
    const pathStart = afterSlashes.indexOf('/')
    const authority = pathStart === -1 ? afterSlashes : afterSlashes.slice(0, pathStart)
    const path = pathStart === -1 ? '' : afterSlashes.slice(pathStart)
    return isAuthority(authority) && isPath(path)
  }
  // path-absolute ("/" not followed by "/"), path-rootless or path-empty.
  return isPath(rest)
}

/**
 * EIP-4361's `statement`: `*( reserved / unreserved / " " )`, i.e. ASCII letters and
 * digits, the space, and `-._~:/?#[]@!$&'()*+,;=`. No line break, no `%`, no `"`, no
 * non-ASCII character.
 */
const STATEMENT = new RegExp(`^[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@ ]*$`)

export function isStatement(text: string): boolean {
  return STATEMENT.test(text)
}
