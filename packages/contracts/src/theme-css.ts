import type { Theme } from './brand.ts';

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The brand's theme as CSS custom properties; components use only these (no literal colours). */
export function themeToCss(theme: Theme): string {
  const vars = [
    ...Object.entries(theme.colors).map(([k, v]) => `--color-${kebab(k)}:${v}`),
    `--font-brand:${theme.fonts.brand}`,
    `--font-plate:${theme.fonts.plate}`,
    `--radius:${theme.radius}`,
  ];
  return `:root{${vars.join(';')}}`;
}
