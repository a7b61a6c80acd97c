/**
 * The ramp's pages: plain HTML with inline CSS, no script and no outside asset. Every
 * value goes in through `html`, which escapes it; only markup made by `html` itself is
 * inserted as is. So nothing from the URL or the form becomes markup.
 */
import type { RampBrand } from './brands.js'

/** Markup made by {@link html}: the only thing inserted unescaped. */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup
  }
}

/**
 * Text as HTML: `& < > " '` as entities, so it is safe in element content and in quoted
 * attribute values.
 *
 * @example escapeHtml('<b a="1">') // '&lt;b a=&quot;1&quot;&gt;'
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

type HtmlValue = SafeHtml | string | number | undefined | null | false | readonly HtmlValue[]

function render(value: HtmlValue): string {
  if (value === undefined || value === null || value === false) return ''
  if (value instanceof SafeHtml) return value.markup
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}

/**
 * A template whose values are escaped (arrays joined, `SafeHtml` kept).
 *
 * @example html`<p>${userText}</p>`
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!
  })
  return new SafeHtml(out)
}

const styles = (accent: string) => `
:root { color-scheme: light; --accent: ${accent}; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; background: #f3f4f7; color: #16181d; }
.test-banner { background: #ffd84d; color: #3a2c00; text-align: center; font-weight: 700; padding: 8px; letter-spacing: .04em; }
main { max-width: 420px; margin: 24px auto; background: #fff; border-radius: 14px; padding: 22px 24px; box-shadow: 0 2px 12px rgb(0 0 0 / .08); }
h1 { font-size: 20px; margin: 0 0 4px; color: var(--accent); }
.sub { margin: 0 0 16px; color: #5b606b; font-size: 13px; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0 0 16px; }
dt { color: #5b606b; }
dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
fieldset { border: 1px solid #d9dce3; border-radius: 10px; margin: 0 0 14px; padding: 10px 12px; }
legend { padding: 0 4px; color: #5b606b; font-size: 13px; }
label { display: block; margin: 4px 0; }
input[type=text] { width: 100%; padding: 9px 10px; border: 1px solid #c7cbd4; border-radius: 8px; font: inherit; }
.hint { color: #5b606b; font-size: 12px; margin: 6px 0 14px; }
.error { background: #fdecec; color: #8a1c1c; border-radius: 8px; padding: 8px 10px; margin: 0 0 14px; }
button { width: 100%; padding: 11px; border: 0; border-radius: 10px; background: var(--accent); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
.result { font-size: 17px; font-weight: 600; margin: 8px 0 14px; }
.approved { color: #17703a; }
.declined { color: #8a1c1c; }
code { font-size: 12px; overflow-wrap: anywhere; }
`

/** A whole page for `brand`, titled '<Brand> checkout — TEST MONEY ONLY'. */
export function page(brand: RampBrand, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${brand.name} checkout — TEST MONEY ONLY</title>
<style>${new SafeHtml(styles(brand.accent))}</style>
</head>
<body>
<div class="test-banner" role="note">TEST MONEY ONLY — nothing is charged; ${brand.name} pays out of a local test chain</div>
<main>
${body}
</main>
</body>
</html>
`.markup
}

/** What the checkout shows about an order. */
export type CheckoutView = {
  brand: RampBrand
  /** The `order` value, sent back with the form. */
  token: string
  partnerUserId: string
  address: string
  networkName: string
  symbol: string
  fiatCurrency: string
  /** Prefilled in the amount field. */
  fiatAmount: string | undefined
  /** The quote for `fiatAmount`, when there is one. */
  quote?: { purchaseAmount: string; providerFee: string; networkFee: string } | undefined
  /** The method picked ('card' unless the form said bank). */
  method: 'card' | 'bank'
  cardNumber?: string
  /** Why the last attempt was refused. */
  error?: string
}

/** The checkout form: amount, payment method, card number, Pay. */
export function checkoutPage(view: CheckoutView): string {
  const { brand, quote } = view
  return page(
    brand,
    html`<h1>${brand.name}</h1>
<p class="sub">Buy ${view.symbol} on ${view.networkName} · fee ${brand.feePercent} % + ${brand.networkFee.toFixed(2)} ${view.fiatCurrency} network fee</p>
${view.error ? html`<p class="error" role="alert" data-testid="ramp-error">${view.error}</p>` : ''}
<dl>
<dt>Asset</dt><dd data-testid="ramp-asset">${view.symbol}</dd>
<dt>Network</dt><dd>${view.networkName}</dd>
<dt>To</dt><dd data-testid="ramp-address"><code>${view.address}</code></dd>
<dt>Reference</dt><dd data-testid="ramp-reference">${view.partnerUserId}</dd>
${
  quote
    ? html`<dt>You get</dt><dd data-testid="ramp-purchase-amount">${quote.purchaseAmount} ${view.symbol}</dd>
<dt>Fee</dt><dd>${quote.providerFee} ${view.fiatCurrency}</dd>
<dt>Network fee</dt><dd>${quote.networkFee} ${view.fiatCurrency}</dd>`
    : ''
}
</dl>
<form method="post" action="/checkout/pay">
<input type="hidden" name="order" value="${view.token}">
<label>Amount (${view.fiatCurrency})
<input type="text" name="fiatAmount" inputmode="decimal" autocomplete="off" data-testid="ramp-amount" value="${view.fiatAmount ?? ''}" placeholder="100.00">
</label>
<fieldset>
<legend>Payment method</legend>
<label><input type="radio" name="method" value="card" data-testid="ramp-method-card"${new SafeHtml(view.method === 'card' ? ' checked' : '')}> Card</label>
<label><input type="radio" name="method" value="bank" data-testid="ramp-method-bank"${new SafeHtml(view.method === 'bank' ? ' checked' : '')}> Bank transfer</label>
</fieldset>
<label>Card number
<input type="text" name="cardNumber" inputmode="numeric" autocomplete="off" data-testid="ramp-card-number" value="${view.cardNumber ?? ''}" placeholder="4242 4242 4242 4242">
</label>
<p class="hint">Test cards: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined. A bank transfer is always approved.</p>
<button type="submit" data-testid="ramp-pay">Pay</button>
</form>`,
  )
}

/** What the result page says about a purchase. */
export type ResultView = {
  brand: RampBrand
  outcome: 'approved' | 'declined' | 'failed'
  orderId: string
  fiatAmount: string
  fiatCurrency: string
  purchaseAmount: string
  symbol: string
  address: string
  txHash?: string | undefined
}

/** After Pay: approved (delivery under way or done), declined, or approved but not delivered. */
export function resultPage(view: ResultView): string {
  const message =
    view.outcome === 'approved'
      ? 'Payment approved — you can close this window'
      : view.outcome === 'declined'
        ? 'Payment declined'
        : 'Payment approved, but the delivery failed'
  return page(
    view.brand,
    html`<h1>${view.brand.name}</h1>
<p class="result ${view.outcome === 'approved' ? 'approved' : 'declined'}" role="status" data-testid="ramp-result">${message}</p>
<dl>
<dt>Paid</dt><dd>${view.outcome === 'declined' ? 'nothing' : `${view.fiatAmount} ${view.fiatCurrency}`}</dd>
<dt>${view.outcome === 'approved' ? 'On its way' : 'Delivered'}</dt><dd>${view.outcome === 'approved' ? `${view.purchaseAmount} ${view.symbol}` : 'nothing'}</dd>
<dt>To</dt><dd><code>${view.address}</code></dd>
<dt>Order</dt><dd><code>${view.orderId}</code></dd>
${view.txHash ? html`<dt>Transaction</dt><dd><code data-testid="ramp-tx">${view.txHash}</code></dd>` : ''}
</dl>
<p class="sub">Your wallet shows the purchase in its activity.</p>`,
  )
}

/** A checkout that cannot be shown (a link this ramp did not make, an asset it does not sell). */
export function errorPage(brand: RampBrand, message: string): string {
  return page(
    brand,
    html`<h1>${brand.name}</h1>
<p class="error" role="alert" data-testid="ramp-error">${message}</p>
<p class="sub">Start the purchase again from the wallet.</p>`,
  )
}
