/**
 * External approvers (docs/product/workflow-and-timeline.md#external-approvers): a person named
 * by e-mail address on an external (scope 92) step has no account. When a document reaches such
 * a step, each named address gets an e-mailed link carrying a single-use token (only its hash is
 * stored) bound to the organisation, document, stage, step and address, valid 7 days. The link's
 * page reads a safe summary and approves or rejects with a comment through the same workflow
 * service as everyone else, acting as that address: the engine's rules decide, and the timeline
 * names the address.
 */
import {
  openSteps,
  type CompiledWorkflow,
  type ExternalApprovalActed,
  type ExternalApprovalSummary,
  type WorkflowState,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { hashToken, newOpaqueToken } from '../../platform/auth/refresh-tokens.ts';
import { reserveAttempt, type RateLimit } from '../../platform/auth/rate-limiter.ts';
import { nowIso } from '../../platform/db/json.ts';
import { sendMail } from '../../platform/mail/mailer.ts';
import { readableDocumentOrThrow } from '../documents/readable-document.ts';
import { documentFacts, storedState, workflowOf } from '../workflow/workflow-facts.ts';
import { performWorkflowAction } from '../workflow/workflow.service.ts';

export const EXTERNAL_LINK_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** Per client address: enough for a person clicking through, too few to guess tokens. */
export const EXTERNAL_LINK_LIMIT: RateLimit = { limit: 30, windowMs: 15 * 60 * 1000 };

export const LINK_NOT_VALID = 'This approval link is not valid. Ask the organisation that sent it for a new one.';
export const LINK_EXPIRED = 'This approval link has expired. Ask the organisation that sent it for a new one.';
export const LINK_USED = 'This approval link has already been used.';
export const LINK_MOVED_ON = 'This document has moved on: your approval is no longer needed at this step.';
export const TOO_MANY_LINK_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
export const COMMENT_REQUIRED = 'Please enter a comment.';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * E-mails a link to each named address of the external steps open in the document's current
 * stage, when the stage has just been entered (called after the transition committed).
 */
export async function mailExternalApprovers(
  ctx: AppContext,
  org: Principal['org'],
  docId: number,
  workflow: CompiledWorkflow,
  state: WorkflowState,
  facts: Parameters<typeof openSteps>[3],
  summary: { display_id: string; summary: string },
): Promise<void> {
  if (state.closed || state.stage === null) return;
  const stage = workflow.stages[state.stage];
  if (!stage || stage.kind !== 'approve') return;
  const now = new Date();
  for (const step of openSteps(workflow, state, stage, facts, now)) {
    if (!step.ext) continue;
    for (const email of step.users.filter(looksLikeEmail)) {
      const token = newOpaqueToken();
      const expires = new Date(now.getTime() + EXTERNAL_LINK_LIFETIME_MS).toISOString();
      await ctx.database.db
        .insertInto('external_approval_links')
        .values({
          org_id: org.id,
          doc_id: docId,
          stage: stage.index,
          step: step.index,
          email,
          token_hash: hashToken(token),
          created_date: now.toISOString(),
          expires_date: expires,
          used_date: null,
        })
        .execute();
      const link = `${ctx.config.publicUrl}/#/external-approval?app=${encodeURIComponent(org.appId)}&token=${encodeURIComponent(token)}`;
      await sendMail(ctx, {
        orgId: org.id,
        recipientUuid: null,
        to: email,
        subject: `Approval requested: ${summary.display_id} ${summary.summary}`.trim(),
        text:
          `Hello,\n\n${org.company} asks for your approval of ${summary.display_id} (${summary.summary}) on Docket, ` +
          `at the step "${step.label}".\n\nOpen this link to read it and approve or reject it; no account is needed:\n${link}\n\n` +
          'The link is valid for 7 days and can be used once. If you do not expect this message, ignore it.',
      });
    }
  }
}

interface UsableLink {
  id: number;
  email: string;
  docId: number;
  expires: string;
  principal: Principal;
}

async function rateLimitOrThrow(ctx: AppContext, clientAddress: string): Promise<void> {
  const reservation = await reserveAttempt(ctx.database, `external-approval:${clientAddress}`, EXTERNAL_LINK_LIMIT);
  if (!reservation.allowed)
    throw new HttpError('rate_limited', TOO_MANY_LINK_ATTEMPTS, { headers: { 'retry-after': String(reservation.retryAfterSeconds) } });
}

/**
 * The link's row when it is usable in this organisation for a step still waiting: unknown or
 * another organisation's → 404, expired or used → 410, the step moved on → 409.
 */
async function usableLinkOrThrow(ctx: AppContext, appId: string, token: string) {
  const link = await ctx.database.db
    .selectFrom('external_approval_links as l')
    .innerJoin('organisations as o', 'o.id', 'l.org_id')
    .select(['l.id', 'l.org_id', 'l.doc_id', 'l.stage', 'l.step', 'l.email', 'l.expires_date', 'l.used_date', 'o.app_id', 'o.company'])
    .where('l.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!link || link.app_id !== appId) throw new HttpError('not_found', LINK_NOT_VALID);
  if (link.used_date !== null) throw new HttpError('link_used', LINK_USED);
  if (link.expires_date <= nowIso()) throw new HttpError('link_expired', LINK_EXPIRED);
  const principal: Principal = {
    uuid: link.email,
    displayName: link.email,
    email: link.email,
    org: { id: link.org_id, appId: link.app_id, company: link.company },
    grants: [],
    roles: new Set(),
  };
  const docId = Number(link.doc_id);
  const found = await readableDocumentOrThrow(ctx, principal, docId).catch(() => null);
  const workflow = found ? workflowOf(found.type) : null;
  if (!found || !workflow) throw new HttpError('conflict', LINK_MOVED_ON);
  const facts = await documentFacts(ctx.database.db, found.row);
  const state = storedState(workflow, found.row, facts, new Date());
  const stage = state.stage === null || state.closed ? undefined : workflow.stages[state.stage];
  const step =
    stage?.index === link.stage ? openSteps(workflow, state, stage, facts, new Date()).find((s) => s.index === link.step) : undefined;
  if (!step || !step.users.includes(link.email)) throw new HttpError('conflict', LINK_MOVED_ON);
  const usable: UsableLink = { id: Number(link.id), email: link.email, docId, expires: link.expires_date, principal };
  return { usable, found, state, step };
}

export async function readExternalApproval(
  ctx: AppContext,
  clientAddress: string,
  appId: string,
  token: string,
): Promise<ExternalApprovalSummary> {
  await rateLimitOrThrow(ctx, clientAddress);
  const { usable, found, state, step } = await usableLinkOrThrow(ctx, appId, token);
  return {
    company: usable.principal.org.company,
    title: found.type.form?.title ?? found.type.type,
    display_id: found.row.display_id,
    summary: found.row.summary,
    status: state.status,
    step: step.label,
    email: usable.email,
    expires_date: usable.expires,
  };
}

/**
 * Approves or rejects as the link's address through the workflow service. The link is claimed
 * first (so two clicks cannot both act) and released again if the action is refused, so a refused
 * action writes nothing.
 */
export async function actOnExternalApproval(
  ctx: AppContext,
  clientAddress: string,
  appId: string,
  input: { token: string; action: 'approve' | 'reject'; comment: string },
): Promise<ExternalApprovalActed> {
  await rateLimitOrThrow(ctx, clientAddress);
  const comment = input.comment.trim();
  if (!comment) throw new HttpError('bad_request', COMMENT_REQUIRED);
  const { usable } = await usableLinkOrThrow(ctx, appId, input.token);
  const claimed = await ctx.database.db
    .updateTable('external_approval_links')
    .set({ used_date: nowIso() })
    .where('id', '=', usable.id)
    .where('used_date', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new HttpError('link_used', LINK_USED);
  try {
    const answer = await performWorkflowAction(ctx, usable.principal, { doc_id: usable.docId, type: input.action, descrip: comment });
    return { error: false, status: answer.meta.workflow?.status ?? '' };
  } catch (error) {
    await ctx.database.db.updateTable('external_approval_links').set({ used_date: null }).where('id', '=', usable.id).execute();
    throw error;
  }
}
