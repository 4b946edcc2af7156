import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { homeChunks } from './build/home-chunks.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** In development the API runs apart (npm run dev -w @docket/server); override with DOCKET_API_URL. */
const apiTarget = process.env.DOCKET_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  root,
  // Relative asset URLs: the server may serve the app under any path.
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // MUI is large; the private area is split into route chunks (React.lazy), so only the
    // sign-in route's code is in the entry chunk.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      treeshake: {
        // @docket/shared is a barrel of pure modules (contracts, filter language, validation);
        // without this, importing one constant would pull Ajv and every built-in type into the
        // sign-in chunk. (Better still: "sideEffects": false in packages/shared/package.json.)
        moduleSideEffects: (id) => !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id),
      },
      // The private layout and the dashboard in two chunks, not fifty (build/home-chunks.ts).
      output: { manualChunks: homeChunks(), onlyExplicitManualChunks: true },
    },
  },
  server: {
    proxy: {
      // Every server path (a regex so '/doc' never captures '/docs' and the like).
      '^/(oauth|api|v2|v3|doc|file|files|identities)(/|$)': { target: apiTarget, changeOrigin: true },
    },
  },
});
