/** `GET /api/health`: a static answer that touches no database (the benchmarks' baseline). */
import type { FastifyInstance } from 'fastify';
import type { HealthAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { SERVER_VERSION } from '../../version.ts';

export function registerHealthRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  const answer: HealthAnswer = { status: 'ok', version: SERVER_VERSION, database: ctx.database.dialect };
  app.get('/api/health', { schema: { tags: ['system'], summary: 'Liveness and version' } }, async () => answer);
}
