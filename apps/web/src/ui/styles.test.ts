import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// jsdom applies no stylesheets, so the layout rules the spec fixes in pixels are checked in the CSS itself.
const dir = import.meta.dirname;
const css = (file: string) => readFileSync(path.join(dir, file), 'utf8');
const modules = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.module.css'));

describe('UI kit styles', () => {
  it('uses theme variables only: no literal colours in any CSS module', () => {
    expect(modules.length).toBeGreaterThan(15);
    for (const file of modules) {
      const text = css(file).replace(/\/\*[\s\S]*?\*\//g, '');
      expect(text, file).not.toMatch(/#[0-9a-fA-F]{3,8}\b/);
      expect(text, file).not.toMatch(/\b(rgba?|hsla?|oklch)\(/);
      expect(text, file).not.toMatch(/:\s*(white|black|red|green|blue|yellow|grey|gray)\b/);
    }
  });

  it('fixed buttons are 85% wide up to 262px; every button offers a 44px touch target', () => {
    const button = css('button/button.module.css');
    expect(button).toMatch(/\.fixed \{\s*width: 85%;\s*max-width: 262px;/);
    expect(button).toMatch(/\.button \{[^}]*min-height: 44px;/);
    expect(button).toMatch(/\.small \{[^}]*min-height: 36px;/);
    expect(button).toMatch(/\.small::after \{[^}]*inset: -4px 0;/);
  });

  it('the modal is centred, and full width at the bottom of small screens', () => {
    const modal = css('modal/modal.module.css');
    expect(modal).toMatch(
      /\.layer \{[^}]*position: fixed;[^}]*align-items: center;[^}]*justify-content: center;/,
    );
    expect(modal).toMatch(
      /@media \(max-width: 479\.98px\) \{\s*\.layer \{\s*align-items: flex-end;\s*padding: 0;/,
    );
    expect(modal).toMatch(/\.dialog \{[^}]*width: 100%;/);
  });

  it('the snackbar sits at the top centre', () => {
    expect(css('snackbar/snackbar.module.css')).toMatch(
      /\.region \{\s*position: fixed;\s*top: 1rem;\s*left: 50%;\s*transform: translateX\(-50%\);/,
    );
  });

  it('the licence plate uses the plate font on plate colours taken from variables', () => {
    const plate = css('inputs/licence-plate-input.module.css');
    expect(plate).toMatch(/font-family: var\(--font-plate\);/);
    expect(plate).toMatch(/\.rear \{\s*background: var\(--color-plate-rear, var\(--color-accent\)\);/);
    expect(plate).toMatch(/\.front \{\s*background: var\(--color-plate-front, var\(--color-surface\)\);/);
  });

  it('the searchable select results list is at most 14rem high', () => {
    expect(css('inputs/searchable-select.module.css')).toMatch(/\.list \{[^}]*max-height: 14rem;/);
  });
});
