import { describe, expect, it } from 'vitest';
import { decimalsOfFormat, formatMetricValue, metricValueText, roundHalfUp } from './format.ts';

describe('formatMetricValue (half-up to the metric format)', () => {
  it.each([
    [2.345, 2, 2.35],
    [-2.345, 2, -2.35],
    [1.005, 2, 1.01],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [0.125, 2, 0.13],
    [2.344999, 2, 2.34],
    [6.363636363636, 3, 6.364],
    [1234567.891, 1, 1234567.9],
    [-0.001, 2, 0],
  ])('%d at %d decimals → %d', (value, decimals, expected) => {
    expect(formatMetricValue(value, decimals)).toBe(expected);
  });

  it('keeps null and non-finite values null', () => {
    expect(formatMetricValue(null, 2)).toBeNull();
    expect(formatMetricValue(undefined, 2)).toBeNull();
    expect(formatMetricValue(Number.NaN, 2)).toBeNull();
  });

  it('reads the format as decimals, 0 to 6', () => {
    expect(decimalsOfFormat(undefined)).toBe(0);
    expect(decimalsOfFormat(-1)).toBe(0);
    expect(decimalsOfFormat(2.7)).toBe(2);
    expect(decimalsOfFormat(12)).toBe(6);
    expect(roundHalfUp(0.1234565, 6)).toBe(0.123457);
  });

  it('shows fixed decimals with the unit', () => {
    expect(metricValueText(4, 2)).toBe('4.00');
    expect(metricValueText(12.345, 1, '%')).toBe('12.3%');
    expect(metricValueText(1500.5, 0, 'h')).toBe('1,501 h');
    expect(metricValueText(-2.345, 2, '#', 'fr')).toBe('-2,35');
    expect(metricValueText(null, 2)).toBe('–');
  });
});
