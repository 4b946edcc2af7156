import { describe, expect, it } from 'vitest';
import { deltaOf, deviationOf, missedTarget } from './metric-maths.ts';

const upper = { format: 2, targets: { type: 1, value: 1.5 } };
const lower = { format: 0, targets: { type: 2, value: 100 } };

// docs/product/reporting.md#cards (deltas coloured by target type) and #kpi-maths (target and deviation checks).
describe('metric maths', () => {
  it('signs the change and tones it by the target type', () => {
    expect(deltaOf(2.5, 2, upper)).toEqual({ value: 0.5, text: '+0.5', tone: 'bad' });
    expect(deltaOf(1.25, 2, upper)).toEqual({ value: -0.75, text: '-0.75', tone: 'good' });
    expect(deltaOf(90, 100, lower)).toMatchObject({ text: '-10', tone: 'bad' });
    expect(deltaOf(110, 100, lower)).toMatchObject({ text: '+10', tone: 'good' });
    expect(deltaOf(3, 1, { format: 0, targets: { type: 0 } })).toMatchObject({ text: '+2', tone: 'neutral' });
  });

  it('hides a change that is 0 to 3 decimals, shows a small one the format would round away', () => {
    expect(deltaOf(1.0004, 1, upper)).toBeUndefined();
    expect(deltaOf(5, 5, upper)).toBeUndefined();
    expect(deltaOf(1.004, 1, { format: 0 })).toMatchObject({ text: '+0.004' });
    expect(deltaOf(null, 1, upper)).toBeUndefined();
  });

  it('finds missed targets by type, never for range or neutral', () => {
    expect(missedTarget(2, 1.5, upper)).toBe(1.5);
    expect(missedTarget(1, 1.5, upper)).toBeUndefined();
    expect(missedTarget(90, 100, lower)).toBe(100);
    expect(missedTarget(90, 100, { targets: { type: 3 } })).toBeUndefined();
    expect(missedTarget(null, 100, lower)).toBeUndefined();
  });

  it('flags a change beyond the allowed deviation, default 10%', () => {
    expect(deviationOf(125, 100, { deviation: { type: 'itm', value: 0.2 } })).toEqual({ change: '25%', limit: '20' });
    expect(deviationOf(109, 100, { deviation: { type: 'itm' } })).toBeUndefined();
    expect(deviationOf(111, 100, { deviation: { type: 'itm' } })).toEqual({ change: '11%', limit: '10' });
    expect(deviationOf(5, 0, { deviation: { type: 'itm' } })).toBeUndefined();
    expect(deviationOf(500, 100, { deviation: { type: 'none' } })).toBeUndefined();
  });
});
