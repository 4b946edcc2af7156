import { describe, expect, it } from 'vitest';
import {
  accessChangeMark,
  accessGeneration,
  bumpAfterCommit,
  bumpDataGeneration,
  bumpDataGenerationFromPeer,
  dataGeneration,
} from './data-generation.ts';

describe('the data and access generations', () => {
  it('a data change moves the data generation only', () => {
    const data = dataGeneration();
    const access = accessGeneration();
    bumpDataGeneration('data');
    expect(dataGeneration()).toBe(data + 1);
    expect(accessGeneration()).toBe(access);
  });

  it('an access change, or one of another process, moves both', () => {
    const data = dataGeneration();
    const access = accessGeneration();
    bumpDataGeneration('all');
    bumpDataGenerationFromPeer();
    expect(dataGeneration()).toBe(data + 2);
    expect(accessGeneration()).toBe(access + 2);
  });

  it('after a commit, the access generation moves again only when an access change came since the mark', () => {
    const quiet = accessChangeMark();
    bumpDataGeneration('data');
    const access = accessGeneration();
    bumpAfterCommit(quiet);
    expect(accessGeneration()).toBe(access);

    const writer = accessChangeMark();
    const overlapping = accessChangeMark();
    bumpDataGeneration('all'); // the writer's statement, before its commit
    bumpAfterCommit(writer);
    bumpAfterCommit(overlapping); // another request in flight meanwhile: its principal may be stale too
    expect(accessGeneration()).toBe(access + 3);
  });

  it('commit bumps do not pass themselves on to the requests that overlap them', () => {
    const first = accessChangeMark();
    bumpDataGeneration('all');
    const second = accessChangeMark(); // came in after the access change
    bumpAfterCommit(first);
    const access = accessGeneration();
    const third = accessChangeMark(); // came in after the first one's commit bump
    bumpAfterCommit(second);
    bumpAfterCommit(third);
    expect(accessGeneration()).toBe(access);
  });
});
