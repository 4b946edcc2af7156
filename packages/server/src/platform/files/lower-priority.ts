/**
 * Imported first by media-worker.ts, so its thread drops to the lowest priority before the big
 * libraries (pdfjs, sharp) are even loaded; see `yieldToTheEventLoop`.
 */
import { yieldToTheEventLoop } from '../workers/thread-priority.ts';

yieldToTheEventLoop();
