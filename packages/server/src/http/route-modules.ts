/**
 * The registry of route modules: adding a module adds one line here, nothing else changes.
 * Order matters only for readability; Fastify matches static segments before parameters.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { registerHealthRoutes } from '../modules/health/health.routes.ts';
import { registerAuthRoutes } from '../platform/auth/auth.routes.ts';
import { registerAccountRoutes } from '../modules/account/account.routes.ts';
import { registerDocumentRoutes } from '../modules/documents/documents.routes.ts';
import { builtinTypeRegistry } from '../platform/records/type-registry.ts';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

export const routeModules: RouteModule[] = [
  registerHealthRoutes,
  registerAuthRoutes,
  registerAccountRoutes,
  (app, ctx) => registerDocumentRoutes(app, ctx, builtinTypeRegistry()),
];
