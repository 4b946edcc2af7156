// Stops early with a clear message when npm scripts run on the system Node instead of the pinned
// Node 24 (e.g. after `npm ci --ignore-scripts`, which skips the `node` package's install step).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Docket needs Node 24 (found ${process.versions.node}). Run 'npm ci' (without --ignore-scripts) ` +
      'so the pinned Node 24 from the "node" package is used by every npm script.',
  );
  process.exit(1);
}
