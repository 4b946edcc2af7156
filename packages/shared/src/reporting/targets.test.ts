import { describe, expect, it } from 'vitest';
import { checkManualValue, describeRefusal, manualValueRefusal, type CheckedMetric } from './targets.ts';

const upper: CheckedMetric = {
  name: 'trir',
  format: 2,
  targets: { value: 2.5, type: 1, reason_required: true },
  target_miss_text: 'Explain the spike',
};
const lower: CheckedMetric = { name: 'visits', targets: { value: 10, type: 2 } };
const deviating: CheckedMetric = { name: 'hours', deviation: { type: 'itm', value: 0.1, reason_required: true } };

describe('target check', () => {
  it('type 1 (upper) is missed above the target, with the spec message', () => {
    expect(checkManualValue({ metric: upper, value: 2.5 })).toEqual([]);
    expect(checkManualValue({ metric: upper, value: 2.51 })).toEqual([
      {
        metric: 'trir',
        check: 'target',
        message: 'Target for this metric has not been met (Target is 2.5)',
        hint: 'Explain the spike',
        reasonRequired: true,
        reasonLabel: 'Reason required',
      },
    ]);
  });

  it('type 2 (lower) is missed below the target; without reason_required it only informs', () => {
    expect(checkManualValue({ metric: lower, value: 10 })).toEqual([]);
    expect(checkManualValue({ metric: lower, value: 9 })).toEqual([
      {
        metric: 'visits',
        check: 'target',
        message: 'Target for this metric has not been met (Target is 10)',
        reasonRequired: false,
        reasonLabel: 'Additional Info',
      },
    ]);
    expect(manualValueRefusal({ metric: lower, value: 9 })).toBeUndefined();
  });

  it("the item's own target wins over the metric's; none, neutral and range targets never miss", () => {
    expect(checkManualValue({ metric: upper, value: 2.6, target: 3 })).toEqual([]);
    for (const type of [0, -1, 3]) expect(checkManualValue({ metric: { name: 'x', targets: { value: 1, type } }, value: 100 })).toEqual([]);
  });

  it('a required reason refuses the value until it is given', () => {
    const refusal = manualValueRefusal({ metric: upper, value: 3 });
    expect(refusal && describeRefusal(refusal)).toBe('trir: Target for this metric has not been met (Target is 2.5). Reason required');
    expect(manualValueRefusal({ metric: upper, value: 3, reason: '  ' })).toBeDefined();
    expect(manualValueRefusal({ metric: upper, value: 3, reason: 'Two contractors injured' })).toBeUndefined();
  });
});

describe('deviation check', () => {
  it('flags a change above previous × deviation, with the spec message', () => {
    expect(checkManualValue({ metric: deviating, value: 1100, previous: 1000 })).toEqual([]);
    expect(checkManualValue({ metric: deviating, value: 1250, previous: 1000 })).toEqual([
      {
        metric: 'hours',
        check: 'deviation',
        message: 'Deviation of 25% is higher than 10%',
        reasonRequired: true,
        reasonLabel: 'Reason required',
      },
    ]);
    expect(checkManualValue({ metric: deviating, value: 750, previous: 1000 })[0]?.message).toBe('Deviation of 25% is higher than 10%');
  });

  it('compares negative previous values by size, and uses the default 10% when unset', () => {
    const metric: CheckedMetric = { name: 'margin', deviation: { type: 'roll12' } };
    expect(checkManualValue({ metric, value: -1.2, previous: -1 })[0]?.message).toBe('Deviation of 20% is higher than 10%');
  });

  it('skips the check without a comparison (none, no previous value, previous 0)', () => {
    expect(checkManualValue({ metric: { name: 'h', deviation: { type: 'none', value: 0.1 } }, value: 5, previous: 1 })).toEqual([]);
    expect(checkManualValue({ metric: deviating, value: 5, previous: null })).toEqual([]);
    expect(checkManualValue({ metric: deviating, value: 5, previous: 0 })).toEqual([]);
    expect(checkManualValue({ metric: deviating, value: null, previous: 5 })).toEqual([]);
  });
});
