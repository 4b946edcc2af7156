import { describe, expect, it } from 'vitest';
import { CHART_PALETTE_CHOICES } from '@docket/shared';
import { CHART_PALETTE_NAMES, paletteColours } from './palettes.ts';

// docs/product/administration.md#theme: the 14 chart palettes.
describe('chart palettes', () => {
  it('offers the 14 palettes by their names, the choices of the theme setting', () => {
    expect(CHART_PALETTE_NAMES).toHaveLength(14);
    expect(CHART_PALETTE_NAMES).toEqual([...CHART_PALETTE_CHOICES]);
    for (const name of CHART_PALETTE_NAMES)
      expect(paletteColours(name, 'light').every((colour) => /^#[0-9a-f]{6}$/.test(colour))).toBe(true);
  });

  it('reads single-hue palettes light first in dark mode, and falls back to default', () => {
    expect(paletteColours('blue', 'dark')[0]).toBe('#90caf9');
    expect(paletteColours('blue', 'light')[0]).toBe('#0d47a1');
    expect(paletteColours('highcharts', 'dark')[0]).toBe('#7cb5ec');
    expect(paletteColours('nope', 'light')).toEqual(paletteColours('default', 'light'));
  });
});
