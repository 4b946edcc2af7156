/**
 * CPU time of processes watched from outside (Linux `/proc/<pid>/stat`: user and system time of
 * every thread), for figures per answer: what a request costs the machine, not how long it waits.
 * A watched item is a pid or a process name; names are looked up again at each reading, so
 * processes started during a run (new PostgreSQL backends) count from their start.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc`'s times (`getconf CLK_TCK`; 100 on Linux). */
const TICKS_PER_SECOND = 100;

export interface CpuReading {
  /** CPU milliseconds spent since the earlier reading, by the processes in either. */
  since(earlier: CpuReading): number;
  readonly ticks: ReadonlyMap<number, number>;
}

export interface CpuWatch {
  read(): CpuReading;
}

function pidsOf(item: string): number[] {
  if (/^\d+$/.test(item)) return [Number(item)];
  try {
    return execFileSync('pgrep', ['-x', item], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/** User plus system ticks of one process, or undefined once it has gone. */
function ticksOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

export function cpuWatch(items: readonly string[]): CpuWatch {
  return {
    read() {
      const ticks = new Map<number, number>();
      for (const pid of items.flatMap(pidsOf)) {
        const value = ticksOf(pid);
        if (value !== undefined) ticks.set(pid, value);
      }
      return {
        ticks,
        since(earlier) {
          let spent = 0;
          for (const [pid, value] of ticks) spent += value - (earlier.ticks.get(pid) ?? 0);
          return (spent * 1000) / TICKS_PER_SECOND;
        },
      };
    },
  };
}
