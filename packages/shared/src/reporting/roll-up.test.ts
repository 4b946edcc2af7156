import { describe, expect, it } from 'vitest';
import { compileReport } from './formula/compile-report.ts';
import { computeWindows } from './compute-windows.ts';
import { FactsCubeBuilder } from './facts-cube.ts';
import { monthIndexOf } from './months.ts';
import { rollUpFacts } from './roll-up.ts';
import { HOURS_PART, RECORDABLES_PART, TRIR_METRICS, TYPES } from './test-fixtures.ts';

const report = compileReport(TRIR_METRICS, TYPES);
const JAN = monthIndexOf({ year: 2026, month: 1 });
const FEB = JAN + 1;

/** Region North: sites n1, n2. Region South: site s1. */
const sites = new FactsCubeBuilder()
  .add('n1', JAN, RECORDABLES_PART, 1)
  .set('n1', JAN, HOURS_PART, 10000)
  .add('n2', JAN, RECORDABLES_PART, 2)
  .set('n2', JAN, HOURS_PART, 30000)
  .set('n2', FEB, HOURS_PART, 20000)
  .add('s1', JAN, RECORDABLES_PART, 1)
  .set('s1', JAN, HOURS_PART, 60000)
  .build();

describe('rollUpFacts', () => {
  it('a region sums its sites’ parts; its TRIR is a ratio of the sums (3 × 200000 / 40000 = 15)', () => {
    const north = rollUpFacts(sites, ['n1', 'n2']);
    expect(north.get(JAN)).toEqual({ [RECORDABLES_PART]: 3, [HOURS_PART]: 40000 });
    // The mean of the sites' rates (20 and 13.33) would be 16.67: wrong.
    expect(computeWindows(report, north, JAN).itm).toEqual({ recordables: 3, hours: 40000, trir: 15 });
  });

  it('the group sums all sites (4 × 200000 / 100000 = 8)', () => {
    const group = rollUpFacts(sites, ['n1', 'n2', 's1']);
    expect(computeWindows(report, group, JAN).itm).toEqual({ recordables: 4, hours: 100000, trir: 8 });
    const february = computeWindows(report, group, FEB);
    // February adds 20,000 hours and no recordables: 4 × 200000 / 120000.
    expect(february.ytd.hours).toBe(120000);
    expect(february.ytd.trir).toBeCloseTo(6.666666666667, 10);
    expect(february.itm).toEqual({ recordables: 0, hours: 20000, trir: 0 });
  });

  it("an item's own manual entry for a month wins over the roll-up, for that part and month only", () => {
    const own = new FactsCubeBuilder().set('north', JAN, HOURS_PART, 80000).build().get('north');
    const north = rollUpFacts(sites, ['n1', 'n2'], own);
    expect(north.get(JAN)).toEqual({ [RECORDABLES_PART]: 3, [HOURS_PART]: 80000 });
    expect(north.get(FEB)).toEqual({ [HOURS_PART]: 20000 });
    expect(computeWindows(report, north, JAN).itm.trir).toBe(7.5);
    expect(computeWindows(report, north, FEB).ytd).toEqual({ recordables: 3, hours: 100000, trir: 6 });
  });

  it('counts a site listed twice once, and ignores sites without facts', () => {
    expect(rollUpFacts(sites, ['n1', 'n1', 'unknown']).get(JAN)).toEqual({ [RECORDABLES_PART]: 1, [HOURS_PART]: 10000 });
  });

  it('does not change the site facts it reads', () => {
    rollUpFacts(sites, ['n1', 'n2'], new FactsCubeBuilder().set('x', JAN, HOURS_PART, 1).build().get('x'));
    expect(sites.get('n1')?.get(JAN)).toEqual({ [RECORDABLES_PART]: 1, [HOURS_PART]: 10000 });
  });
});
