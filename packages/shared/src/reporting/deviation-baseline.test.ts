import { describe, expect, it } from 'vitest';
import { deviationBaseline, targetValues } from './deviation-baseline.ts';
import { FactsCubeBuilder } from './facts-cube.ts';
import { checkManualValue } from './targets.ts';

const HOURS = '[hours]';
// Months 10..21 hold 1000 each except month 15 (none entered) and month 21 (2100).
const builder = new FactsCubeBuilder();
for (let month = 10; month <= 21; month += 1) if (month !== 15) builder.set('site', month, HOURS, month === 21 ? 2100 : 1000);
const facts = builder.build().get('site');

describe('deviationBaseline', () => {
  it('itm: the previous month’s entry', () => {
    expect(deviationBaseline({ type: 'itm' }, facts, HOURS, 22)).toBe(2100);
    expect(deviationBaseline({ type: 'itm' }, facts, HOURS, 16)).toBeNull();
  });

  it('roll12: the average entered month of the twelve before (11 entries: 12100 / 11 = 1100)', () => {
    expect(deviationBaseline({ type: 'roll12' }, facts, HOURS, 22)).toBe(1100);
    const problems = checkManualValue({
      metric: { name: 'hours', deviation: { type: 'roll12', value: 0.1 } },
      value: 1300,
      previous: 1100,
    });
    expect(problems[0]?.message).toBe('Deviation of 18.2% is higher than 10%');
  });

  it('none, or nothing entered before: no baseline', () => {
    expect(deviationBaseline({ type: 'none' }, facts, HOURS, 22)).toBeNull();
    expect(deviationBaseline(undefined, facts, HOURS, 22)).toBeNull();
    expect(deviationBaseline({ type: 'roll12' }, facts, HOURS, 5)).toBeNull();
  });
});

describe('targetValues', () => {
  it("takes the item's own target over the metric's, null when neither", () => {
    expect(
      targetValues([{ name: 'trir', targets: { value: 2.5 } }, { name: 'hours' }, { name: 'ltifr', targets: { value: 1 } }], {
        ltifr: 0.8,
        hours: null,
      }),
    ).toEqual({ trir: 2.5, hours: null, ltifr: 0.8 });
  });
});
