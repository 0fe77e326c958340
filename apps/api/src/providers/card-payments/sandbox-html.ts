/** Minimal server-rendered pages for the sandbox providers' hosted pages (no scripts, CSP-friendly). */
import { formatGBP } from '@forecourt/domain/money';
export const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sandboxPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
  body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f4f5f7;color:#1a1f36}
  .banner{background:#ffe8a3;color:#5c4400;text-align:center;padding:6px;font-size:13px;letter-spacing:.02em}
  main{max-width:460px;margin:32px auto;background:#fff;border-radius:10px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
  h1{font-size:20px;margin:0 0 4px} .muted{color:#697386;font-size:14px} .amount{font-size:30px;font-weight:600;margin:8px 0 20px}
  label{display:block;font-size:14px;margin:14px 0 4px;font-weight:500}
  input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #c9ced6;border-radius:6px;font-size:16px}
  .row{display:flex;gap:12px} .row>div{flex:1}
  .error{color:#b3261e;font-size:13px;margin-top:4px} .alert{background:#fdecea;color:#8a1c14;padding:10px;border-radius:6px;margin:12px 0}
  button{margin-top:22px;width:100%;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
  a{color:#635bff} .hint{margin-top:22px;font-size:13px;color:#697386;border-top:1px solid #e3e8ee;padding-top:12px}
  code{background:#f1f3f6;padding:1px 4px;border-radius:3px}
</style></head>
<body><div class="banner">SANDBOX: no real money moves and no real bank details are used</div><main>${body}</main></body></html>`;
}

export function field(
  name: string,
  label: string,
  value: string | undefined,
  error: string | undefined,
  attrs = '',
): string {
  return `<label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" value="${esc(value)}" ${attrs}${
    error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
  }>${error ? `<div class="error" id="${name}-error">${esc(error)}</div>` : ''}`;
}

export const formatPence = (pence: number) => formatGBP(pence);
