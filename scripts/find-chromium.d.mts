/** Types of find-chromium.mjs for the TypeScript that imports it (e2e/playwright.config.ts, bench). */
export const CHROMIUM_ARGS: string[];
export function findChromium(env?: NodeJS.ProcessEnv): string | null;
