/**
 * The registry of route modules: adding a module adds one line here. A route module only
 * registers routes: write hooks, job handlers and other registries are filled by the assembly
 * (`assembly.ts`) when the app context is built. Order matters only for readability; Fastify
 * matches static segments before parameters.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { registerHealthRoutes } from '../modules/health/health.routes.ts';
import { registerAuthRoutes } from '../platform/auth/auth.routes.ts';
import { registerFederatedRoutes } from '../platform/auth/federated.routes.ts';
import { registerTotpRoutes } from '../modules/account/totp.routes.ts';
import { registerAccountRoutes } from '../modules/account/account.routes.ts';
import { registerDocumentRoutes } from '../modules/documents/documents.routes.ts';
import { registerSchemaRoutes } from '../modules/schemas/schemas.routes.ts';
import { registerListIndexRoutes } from '../modules/list-indexes/list-indexes.routes.ts';
import { registerTypeRoutes } from '../modules/types/types.routes.ts';
import { registerSearchRoutes } from '../modules/search/search.routes.ts';
import { registerLookupRoutes } from '../modules/lookups/lookups.routes.ts';
import { registerPreferenceRoutes } from '../modules/preferences/preferences.routes.ts';
import { registerExportRoutes } from '../modules/export/export.routes.ts';
import { registerAclRoutes } from '../modules/acl/acl.routes.ts';
import { registerIdentityRoutes } from '../modules/identities/identities.routes.ts';
import { registerInvitationRoutes } from '../modules/identities/invitations.routes.ts';
import { registerLogRoutes } from '../modules/logs/logs.routes.ts';
import { registerAuditRoutes } from '../modules/logs/audit.routes.ts';
import { registerOutboxRoutes } from '../modules/outbox/outbox.routes.ts';
import { registerDirectoryRoutes } from '../modules/directory/directory.routes.ts';
import { registerOrgSettingsRoutes } from '../modules/org-settings/org-settings.routes.ts';
import { registerEventRoutes } from '../modules/events/events.routes.ts';
import { registerWorkflowRoutes } from '../modules/workflow/workflow.routes.ts';
import { registerFileRoutes } from '../modules/files/files.routes.ts';
import { registerReviewRoutes } from '../modules/reviews/reviews.routes.ts';
import { registerTodoRoutes } from '../modules/todo/todo.routes.ts';
import { registerReportingRoutes } from '../modules/reporting/reporting.routes.ts';
import { registerMailRoutes } from '../modules/mail/mail.routes.ts';
import { registerGraphRoutes } from '../modules/graph/graph.routes.ts';
import { registerPdfRoutes } from '../modules/pdf/pdf.routes.ts';
import { registerExternalApprovalRoutes } from '../modules/external-approval/external-approval.routes.ts';
import { registerNotificationRoutes } from '../modules/notifications/notifications.routes.ts';
import { registerServerTaskRoutes } from '../modules/server-tasks/server-tasks.routes.ts';
import { registerTranslationRoutes } from '../modules/translation/translation.routes.ts';
import { registerSubscriptionRoutes } from '../modules/subscriptions/subscription.routes.ts';
import { registerSignupRoutes } from '../modules/subscriptions/signup.routes.ts';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

export const routeModules: RouteModule[] = [
  registerHealthRoutes,
  registerAuthRoutes,
  registerFederatedRoutes,
  registerTotpRoutes,
  registerAccountRoutes,
  registerAclRoutes,
  registerIdentityRoutes,
  registerInvitationRoutes,
  registerLogRoutes,
  registerAuditRoutes,
  registerOutboxRoutes,
  registerDirectoryRoutes,
  registerOrgSettingsRoutes,
  registerSchemaRoutes,
  registerListIndexRoutes,
  registerTypeRoutes,
  registerSearchRoutes,
  registerLookupRoutes,
  registerPreferenceRoutes,
  registerExportRoutes,
  registerDocumentRoutes,
  registerEventRoutes,
  registerWorkflowRoutes,
  registerFileRoutes,
  registerReviewRoutes,
  registerTodoRoutes,
  registerReportingRoutes,
  registerMailRoutes,
  registerGraphRoutes,
  registerPdfRoutes,
  registerExternalApprovalRoutes,
  registerNotificationRoutes,
  registerServerTaskRoutes,
  registerTranslationRoutes,
  registerSubscriptionRoutes,
  registerSignupRoutes,
];
