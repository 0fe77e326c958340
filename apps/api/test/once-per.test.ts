import { describe, expect, it } from 'vitest';
import { oncePer } from '../src/lib/once-per.ts';

describe('oncePer', () => {
  it('works a value out once per object and keeps one for each object', () => {
    let made = 0;
    const sizeOf = oncePer((o: { items: string[] }) => {
      made++;
      return { size: o.items.length };
    });
    const a = { items: ['x', 'y'] };
    const b = { items: ['z'] };
    expect(sizeOf(a)).toBe(sizeOf(a));
    expect(sizeOf(a)).toEqual({ size: 2 });
    expect(sizeOf(b)).toEqual({ size: 1 });
    expect(made).toBe(2);
  });
});
