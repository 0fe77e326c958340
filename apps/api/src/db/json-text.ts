/**
 * A JSON text for a `json` column, refusing a NUL character (`\u0000`) anywhere in it as jsonb does (ADR 371):
 * PostgreSQL's json keeps the text as written, NUL escapes included, and then `->`, `->>` and
 * `jsonb_build_object` over the row fail ("unsupported Unicode escape sequence"). The input guard refuses NUL in
 * every request (ADR 128); this refuses it from any other writer, before the database would keep it.
 */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value);
  // JSON.stringify writes a NUL as \u0000 and a backslash as \\: a \u0000 after an even run of backslashes.
  if (text.includes('\\u0000') && /(?:^|[^\\])(?:\\\\)*\\u0000/.test(text))
    throw new Error('A NUL character cannot be stored in JSON (it is refused as jsonb refuses it)');
  return text;
}
