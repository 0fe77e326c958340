import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * jsdom applies no stylesheets: the status badge's text and background (status.module.css) are worked out here
 * from each brand's theme colours, as the browser mixes them, and held to WCAG 1.4.3's 4.5:1 for its 13px text
 * (issue 28: axe found the success badge — Active, Paid — at 4.4:1 on every signed-in page).
 */
const brands = path.resolve(import.meta.dirname, '../../../../../config/brands');
const css = readFileSync(path.join(import.meta.dirname, 'status.module.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

type Rgb = [number, number, number];
const hex = (h: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
/** `--color-text-muted` → the theme's `textMuted`. */
const token = (name: string) =>
  name.replace(/^--color-/, '').replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

function colour(value: string, colors: Record<string, string>): Rgb {
  const v = value.trim();
  const variable = /^var\((--[\w-]+)\)$/.exec(v);
  if (variable) {
    const c = colors[token(variable[1] ?? '')];
    if (!c) throw new Error(`no theme colour for ${v}`);
    return hex(c);
  }
  const mix = /^color-mix\(in srgb, (var\([\w-]+\)) (\d+)%, (var\([\w-]+\))\)$/.exec(v);
  if (!mix) throw new Error(`cannot work out ${v}`);
  const a = colour(mix[1] ?? '', colors);
  const b = colour(mix[3] ?? '', colors);
  const p = Number(mix[2]) / 100;
  return a.map((x, i) => x * p + (b[i] ?? 0) * (1 - p)) as Rgb;
}

const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((x) => {
    const c = x / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('status badge contrast (WCAG 1.4.3, issue 28)', () => {
  const themes = readdirSync(brands).map((brand) => {
    const json = JSON.parse(readFileSync(path.join(brands, brand, 'brand.json'), 'utf8'));
    return [brand, json.theme.colors as Record<string, string>] as const;
  });

  it.each(['default', 'info', 'success', 'warning', 'critical'])(
    '%s: 4.5:1 or more in every brand',
    (variant) => {
      const rule = new RegExp(`\\.badge\\.${variant} \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
      const background = /background: ([^;]+);/.exec(rule)?.[1] ?? '';
      const text = /(?:^|\s)color: ([^;]+);/.exec(rule)?.[1] ?? '';
      expect(themes.length).toBeGreaterThan(1);
      for (const [brand, colors] of themes) {
        const ratio = contrast(colour(text, colors), colour(background, colors));
        expect(ratio, `${brand} ${variant}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});
