import { contrastRatio, relativeLuminance } from '@/lib/contrast';

describe('contrastRatio', () => {
  it('gives 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('3178C6', '#3178c6')).toBe(1);
  });

  it('does not depend on the order of the colours', () => {
    expect(contrastRatio('#0b6e75', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#0b6e75'), 10);
  });

  it('matches published WCAG values', () => {
    // #767676 on white is the well-known lightest grey that still reaches 4.5:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('rejects anything but a six-digit hex colour', () => {
    expect(() => relativeLuminance('red')).toThrow('Not a #rrggbb colour');
  });
});
