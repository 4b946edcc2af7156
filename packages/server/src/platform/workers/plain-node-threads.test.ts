import { describe, expect, it } from 'vitest';
import { plainNodeExecArgv } from './plain-node-threads.ts';

describe('the flags of a thread Node runs by itself', () => {
  it("drops tsx's loader in every spelling", () => {
    expect(plainNodeExecArgv(['--import', 'tsx'])).toEqual([]);
    expect(plainNodeExecArgv(['--import=tsx'])).toEqual([]);
    expect(plainNodeExecArgv(['--require', 'tsx/cjs', '--loader=tsx/esm'])).toEqual([]);
    expect(plainNodeExecArgv(['--import', 'file:///work/node_modules/tsx/dist/loader.mjs'])).toEqual([]);
  });

  it('keeps every other flag, and other loaders', () => {
    expect(plainNodeExecArgv(['--cpu-prof', '--import', 'tsx', '--max-old-space-size=512'])).toEqual([
      '--cpu-prof',
      '--max-old-space-size=512',
    ]);
    expect(plainNodeExecArgv(['--import', './telemetry.mjs', '--conditions=development'])).toEqual([
      '--import',
      './telemetry.mjs',
      '--conditions=development',
    ]);
    expect(plainNodeExecArgv(['--import', 'tsxtra'])).toEqual(['--import', 'tsxtra']);
  });
});
