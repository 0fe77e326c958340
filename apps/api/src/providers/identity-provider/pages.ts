import type { Brand } from '@forecourt/contracts';
import { themeToCss } from '@forecourt/contracts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A brand text with an English default (brand texts.json may override any `identity.*` key). */
export const text = (brand: Brand, key: string, fallback: string) =>
  brand.texts[`identity.${key}`] ?? fallback;

const styles = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;background:var(--color-background);color:var(--color-text);
font-family:var(--font-brand);display:flex;flex-direction:column;align-items:center}
header{width:100%;background:var(--color-surface);border-bottom:1px solid var(--color-border);padding:16px 24px}
main{width:100%;max-width:440px;padding:32px 20px}
.card{background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius);padding:28px}
h1{font-size:1.6rem;margin:0 0 8px}p{color:var(--color-text-muted);line-height:1.5;margin:0 0 20px;
overflow-wrap:anywhere}main,.card{min-width:0}
label{display:block;font-weight:600;margin-bottom:6px}
input{width:100%;font:inherit;font-size:1.1rem;padding:12px 14px;border:1px solid var(--color-border);
border-radius:var(--radius);background:var(--color-surface);color:var(--color-text)}
input:focus,button:focus,a:focus{outline:3px solid var(--color-focus);outline-offset:2px}
input.code{letter-spacing:.4em;font-family:var(--font-plate);font-size:1.5rem;text-align:center}
button{margin-top:20px;width:100%;font:inherit;font-weight:700;padding:13px;border:0;border-radius:var(--radius);
background:var(--color-primary);color:var(--color-primary-contrast);cursor:pointer}
.link{display:inline-block;margin-top:16px;color:var(--color-primary);background:none;width:auto;padding:0;
font-weight:600;text-decoration:underline}
.error{border-left:4px solid var(--color-critical);background:var(--color-background);padding:10px 12px;
margin:0 0 16px;color:var(--color-critical);border-radius:4px}
.hint{font-size:.9rem;margin-top:8px;color:var(--color-text-muted)}
table{border-collapse:collapse;width:100%;background:var(--color-surface)}td,th{border:1px solid var(--color-border);
padding:8px;text-align:left;vertical-align:top;font-size:.9rem}pre{white-space:pre-wrap;margin:0}
`;

export function layout(
  brand: Brand,
  title: string,
  body: string,
  options: { wide?: boolean; script?: string } = {},
) {
  const logo = brand.theme.logo;
  return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} | ${esc(brand.name)}</title>
<style>${themeToCss(brand.theme)}${styles}${options.wide ? 'main{max-width:1100px}' : ''}</style>
${options.script ? `<script src="${esc(options.script)}" defer></script>` : ''}
</head><body><header><img src="${esc(logo.src)}" alt="${esc(logo.alt)}" width="${logo.width}"></header>
<main>${body}</main></body></html>`;
}

export function addressPage(
  brand: Brand,
  uid: string,
  opts: { error?: string; address?: string; back?: string } = {},
) {
  return layout(
    brand,
    text(brand, 'signIn.title', 'Sign in'),
    `<div class="card"><h1>${esc(text(brand, 'signIn.header', 'Sign in'))}</h1>
<p>${esc(text(brand, 'signIn.intro', "Enter your e-mail address or UK mobile number. We'll send you a 6-digit code – no password needed."))}</p>
${opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : ''}
<form method="post" action="/auth/interaction/${esc(uid)}/send" novalidate>
<label for="address">${esc(text(brand, 'signIn.addressLabel', 'E-mail address or mobile number'))}</label>
<input id="address" name="address" autocomplete="username" inputmode="email" required value="${esc(opts.address ?? '')}" autofocus>
<button type="submit">${esc(text(brand, 'signIn.send', 'Send me a code'))}</button>
</form>${opts.back ? `<a class="link" href="${esc(opts.back)}">${esc(text(brand, 'signIn.back', `Back to ${brand.name}`))}</a>` : ''}</div>`,
  );
}

export function codePage(
  brand: Brand,
  uid: string,
  opts: { address: string; channel: 'email' | 'sms'; error?: string; devOutbox?: boolean },
) {
  const where = opts.channel === 'sms' ? 'by text message to' : 'by e-mail to';
  return layout(
    brand,
    text(brand, 'code.title', 'Enter your code'),
    `<div class="card"><h1>${esc(text(brand, 'code.header', 'Check your messages'))}</h1>
<p>${esc(text(brand, 'code.intro', `We've sent a 6-digit code ${where}`))} <strong>${esc(opts.address)}</strong>.
${esc(text(brand, 'code.expiry', 'It expires in 10 minutes.'))}</p>
${opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : ''}
<form method="post" action="/auth/interaction/${esc(uid)}/verify" novalidate>
<input type="hidden" name="address" value="${esc(opts.address)}">
<label for="code">${esc(text(brand, 'code.label', '6-digit code'))}</label>
<input id="code" class="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}" required autofocus>
<button type="submit">${esc(text(brand, 'code.submit', 'Sign in'))}</button>
</form>
<form method="post" action="/auth/interaction/${esc(uid)}/send"><input type="hidden" name="address" value="${esc(opts.address)}">
<button class="link" type="submit">${esc(text(brand, 'code.resend', 'Send a new code'))}</button></form>
<a class="link" href="/auth/interaction/${esc(uid)}">${esc(text(brand, 'code.change', 'Use a different e-mail or number'))}</a>
${opts.devOutbox ? '<p class="hint">Development: <a href="/dev/outbox" target="_blank" rel="noopener">read the code in the outbox</a></p>' : ''}
</div>`,
  );
}

export function messagePage(brand: Brand, header: string, message: string, extra = '', script?: string) {
  return layout(
    brand,
    header,
    `<div class="card"><h1>${esc(header)}</h1><p>${esc(message)}</p>${extra}</div>`,
    script ? { script } : {},
  );
}

export { esc };
