import { describe, expect, it } from 'vitest';
import { CHART_PALETTE_CHOICES, type SessionAnswer } from '@docket/shared';
import { CHART_PALETTE_NAMES } from '../features/dashboard/charts/palettes.ts';
import { buildTheme, effectiveTheme } from './theme.ts';

const sessionWith = (general: Record<string, unknown>, organisation: Record<string, unknown>, own?: Record<string, unknown>) =>
  ({
    user: { preferences: own ? { theme: own } : {} },
    subscription: { app_config: { general, themeVersion3: organisation } },
  }) as unknown as SessionAnswer;

// docs/product/administration.md#theme
describe('the theme in force', () => {
  it('offers the same 14 palettes the server accepts', () => {
    expect([...CHART_PALETTE_NAMES].sort()).toEqual([...CHART_PALETTE_CHOICES].sort());
    expect(CHART_PALETTE_CHOICES).toHaveLength(14);
  });

  it("lays the member's own choices over the organisation's only while themeUserAllow is on", () => {
    const organisation = { primaryColor: '#263238', chartPalette: 'teal', backgroundImageUri: '/bg.jpg' };
    const own = { primaryColor: '#ff0000', density: 'small', backgroundImage: 'https://example.com/me.jpg', isAdmin: true };
    expect(effectiveTheme(sessionWith({ themeUserAllow: false }, organisation, own))).toEqual(organisation);
    expect(effectiveTheme(sessionWith({ themeUserAllow: true }, organisation, own))).toEqual({
      primaryColor: '#ff0000',
      chartPalette: 'teal',
      density: 'small',
      backgroundImageUri: 'https://example.com/me.jpg',
    });
    expect(effectiveTheme(sessionWith({ themeUserAllow: true }, organisation))).toEqual(organisation);
  });

  it("carries the lists' density, medium unless set", () => {
    expect([
      buildTheme('light', { density: 'small' }).density,
      buildTheme('light', { density: 'large' }).density,
      buildTheme('light').density,
    ]).toEqual(['small', 'large', 'medium']);
  });
});
