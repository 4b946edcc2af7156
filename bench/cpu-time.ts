/**
 * CPU time of processes watched from outside (Linux `/proc/<pid>/stat`: user and system time of
 * every thread), for figures per answer: what a request costs the machine, not how long it waits.
 * A watched item is a pid or a process name; names are looked up again at each reading, so
 * processes started during a run (new PostgreSQL backends) count from their start.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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

/** User plus system ticks of one process (or one of its threads), or undefined once it has gone. */
function ticksOf(pid: number, tid?: number): number | undefined {
  try {
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
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

/** What a Node process's threads are for, by the names Node and V8 give them (`/proc/<pid>/task/<tid>/comm`). */
const THREAD_ROLES: ReadonlyMap<string, string> = new Map([
  ['WorkerThread', 'worker threads'],
  ['V8Worker', 'V8 helpers'],
  ['libuv-worker', 'libuv pool'],
]);

/** The role of one thread: its process's first thread is the event loop. */
export function threadRole(pid: number, tid: number, name: string): string {
  if (tid === pid) return 'event loop';
  return THREAD_ROLES.get(name.trim()) ?? 'other threads';
}

export interface ThreadReading {
  /** CPU milliseconds per role spent since the earlier reading; this process's own (the load generator) too. */
  since(earlier: ThreadReading): Map<string, number>;
  readonly ticks: ReadonlyMap<number, { role: string; ticks: number }>;
  readonly own: NodeJS.CpuUsage;
}

/**
 * CPU time of one process's threads by role (event loop, worker threads, V8's helpers, libuv's
 * pool), beside this process's own as `load generator`: which thread of a server limits a run
 * (bench/README.md, thirty-ninth session). Threads started or ended between readings count for
 * what each reading saw.
 */
export function threadWatch(pid: number): { read(): ThreadReading } {
  return {
    read() {
      const ticks = new Map<number, { role: string; ticks: number }>();
      let tids: string[] = [];
      try {
        tids = readdirSync(`/proc/${pid}/task`);
      } catch {
        // The process has gone: nothing to count.
      }
      for (const tid of tids) {
        const value = ticksOf(pid, Number(tid));
        if (value === undefined) continue;
        let name = '';
        try {
          name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8');
        } catch {
          continue;
        }
        ticks.set(Number(tid), { role: threadRole(pid, Number(tid), name), ticks: value });
      }
      const own = process.cpuUsage();
      return {
        ticks,
        own,
        since(earlier) {
          const spent = new Map<string, number>();
          for (const [tid, { role, ticks: value }] of ticks) {
            const before = earlier.ticks.get(tid)?.ticks ?? 0;
            spent.set(role, (spent.get(role) ?? 0) + ((value - before) * 1000) / TICKS_PER_SECOND);
          }
          const ownMicros = own.user + own.system - earlier.own.user - earlier.own.system;
          spent.set('load generator', ownMicros / 1000);
          return spent;
        },
      };
    },
  };
}
