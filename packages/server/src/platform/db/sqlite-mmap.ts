/** Memory-mapped reads of the embedded database's file (docs/architecture.md, "Reader threads"). */

/** DB_MMAP_MB's default: as much as SQLite maps at all (its build's SQLITE_MAX_MMAP_SIZE, just under 2 GB). */
export const DEFAULT_MMAP_MB = 2048;

/**
 * The embedded database's file read through memory-mapped I/O, up to `mb` MB of it, on every
 * connection (the reader threads' too): a page not in SQLite's own cache is then a memory read of
 * the operating system's file cache, not a `pread` system call and a copy. On a virtual machine
 * whose system calls are dear, the read of two sites' 100,000 incidents sorted by a field took
 * 170–188 ms instead of 297–316, a group over 1,000,000 incidents 1.9–2.1 s instead of 2.4–2.6,
 * and a fresh server's first walks in a field's order (document-pages.ts, `orderWalk`) no longer
 * ran past their budget on reads alone (issue 18, bench/README.md, thirty-fifth session). Writes
 * still go through `write()`. 0 turns it off. SQLite caps the size at its build's maximum.
 */
export function sqliteMmapPragma(mb: number): string {
  return `PRAGMA mmap_size = ${Math.max(0, Math.floor(mb)) * 1024 * 1024}`;
}
