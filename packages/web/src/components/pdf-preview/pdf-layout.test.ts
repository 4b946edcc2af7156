import { describe, expect, it } from 'vitest';
import { MAX_PREVIEW_PAGES, ZOOM_STEPS, fitScale, nextZoom, pagesShown } from './pdf-layout.ts';

describe('PDF preview layout', () => {
  it('fits a page to the available width', () => {
    // An A4 page (595 pt) in a phone-width dialog (358 px) and in a desktop one (900 px).
    expect(fitScale(595, 358)).toBeCloseTo(358 / 595);
    expect(fitScale(595, 700)).toBeCloseTo(700 / 595);
  });

  it('keeps the scale between 25 % and 150 %', () => {
    expect(fitScale(595, 2000)).toBe(1.5);
    expect(fitScale(5000, 100)).toBe(0.25);
  });

  it('falls back to 100 % before the dialog is measured or for a page without size', () => {
    expect(fitScale(595, 0)).toBe(1);
    expect(fitScale(0, 800)).toBe(1);
    expect(fitScale(Number.NaN, 800)).toBe(1);
  });

  it('zooms from the fitted size', () => {
    expect(fitScale(595, 358, 2)).toBeCloseTo((358 / 595) * 2);
    expect(fitScale(595, 2000, 3)).toBe(4.5);
    expect(fitScale(595, 0, 1.5)).toBe(1.5);
  });

  it('steps the zoom between 50 % and 300 %', () => {
    expect(nextZoom(1, 'in')).toBe(1.25);
    expect(nextZoom(1, 'out')).toBe(0.75);
    expect(nextZoom(ZOOM_STEPS.at(-1)!, 'in')).toBeNull();
    expect(nextZoom(ZOOM_STEPS[0]!, 'out')).toBeNull();
  });

  it('shows every page of a short file and only the first pages of a long one', () => {
    expect(pagesShown(3)).toBe(3);
    expect(pagesShown(MAX_PREVIEW_PAGES + 40)).toBe(MAX_PREVIEW_PAGES);
    expect(pagesShown(0)).toBe(0);
  });
});
