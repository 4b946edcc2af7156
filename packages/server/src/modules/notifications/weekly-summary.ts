/**
 * The weekly summary mail (docs/product/mail.md#weekly-summary): every member who turned on
 * `mailSummaryWeekly` gets, once a week from Monday 07:00 in the organisation's time zone, their
 * todo summary — what is assigned to them, waiting for their approval, overdue — as their todo
 * shows it, under their access today, in their language (en, fr, es). Every worker's ticker enqueues one job per organisation and
 * week (`summary:{org}:{week}`); the job records one delivery per member exactly once (the
 * notification record's unique key) and the delivery job sends it, at least once.
 */
import { statusTitle, type TodoAnswer, type TodoItem } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { readJson } from '../../platform/db/json.ts';
import { enqueueJob, type ClaimedJob } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler } from '../../platform/jobs/job-worker.ts';
import { memberPrincipal } from '../mail/mail-rules.ts';
import { reportingSettingsOf } from '../reporting/reporting-settings.ts';
import { todoFor } from '../todo/todo.service.ts';
import { recordNotifications } from './notifications.repository.ts';
import { summaryWeek } from './summary-week.ts';

export const WEEKLY_SUMMARY_JOB = 'notify.weekly-summary';
/** The rule id recorded for summary deliveries (stored rules are documents, ids from 1; built-in rules 0). */
export const WEEKLY_SUMMARY_RULE_ID = -1;
export const WEEKLY_SUMMARY_SUBJECT = 'Your weekly summary';

export async function enqueueDueWeeklySummaries(ctx: AppContext, now: Date): Promise<void> {
  const orgs = await ctx.database.db.selectFrom('organisations').select('id').where('active', '=', 1).execute();
  for (const org of orgs) {
    const orgId = Number(org.id);
    const week = summaryWeek(now, (await reportingSettingsOf(ctx.database, orgId)).timeZone);
    if (!week.isDue) continue;
    await enqueueJob(ctx.database.db, {
      orgId,
      kind: WEEKLY_SUMMARY_JOB,
      uniqueKey: `summary:${orgId}:${week.key}`,
      payload: { week: week.key },
    });
  }
}

/** The mail's words in the member's language (their `lang` preference; English otherwise). */
const WORDS = {
  en: {
    subject: WEEKLY_SUMMARY_SUBJECT,
    open: 'Assigned to you',
    approvals: 'Waiting for your approval',
    overdue: 'Overdue',
    nothing: 'Nothing is waiting for you this week.',
  },
  fr: {
    subject: 'Votre résumé de la semaine',
    open: 'Qui vous sont attribués',
    approvals: 'En attente de votre approbation',
    overdue: 'En retard',
    nothing: 'Rien ne vous attend cette semaine.',
  },
  es: {
    subject: 'Su resumen semanal',
    open: 'Asignados a usted',
    approvals: 'Pendientes de su aprobación',
    overdue: 'Vencidos',
    nothing: 'Nada le espera esta semana.',
  },
} as const;

function wordsOf(lang: string | undefined) {
  return WORDS[(lang ?? 'en').slice(0, 2) as keyof typeof WORDS] ?? WORDS.en;
}

function section(title: string, items: readonly TodoItem[], lang: string): string[] {
  if (items.length === 0) return [];
  return [
    `${title} (${items.length})`,
    ...items.map((item) => `- ${item.display_id} ${item.summary} (${item.type_title}, ${statusTitle(item.status, lang)})`),
    '',
  ];
}

/** The mail's text: each list of the todo with its count; one line when nothing waits. */
export function summaryText(todo: TodoAnswer, lang = 'en'): string {
  const words = wordsOf(lang);
  const lines = [
    ...section(words.open, todo.open, lang),
    ...section(words.approvals, todo.approvals, lang),
    ...section(words.overdue, todo.overdue, lang),
  ];
  return lines.length > 0 ? lines.join('\n').trimEnd() : words.nothing;
}

async function subscribers(ctx: AppContext, orgId: number) {
  const rows = await ctx.database.db
    .selectFrom('identities')
    .innerJoin('memberships', 'memberships.identity_uuid', 'identities.uuid')
    .select(['identities.uuid', 'identities.email', 'identities.preferences'])
    .where('memberships.org_id', '=', orgId)
    .where('identities.active', '=', 1)
    .execute();
  return rows
    .map((row) => ({ ...row, preferences: readJson<{ mailSummaryWeekly?: unknown; lang?: string }>(row.preferences, {}) }))
    .filter((row) => row.preferences.mailSummaryWeekly === true);
}

export const weeklySummaryHandler: JobHandler = {
  async run(ctx: AppContext, job: ClaimedJob) {
    const orgId = job.orgId!;
    const week = String(job.payload.week);
    for (const member of await subscribers(ctx, orgId)) {
      const principal = await memberPrincipal(ctx, { orgId }, member.uuid);
      if (!principal) continue;
      const todo = await todoFor(ctx, principal, member.preferences.lang);
      await recordNotifications(
        ctx.database,
        {
          orgId,
          ruleId: WEEKLY_SUMMARY_RULE_ID,
          occurrence: `summary:${week}`,
          docId: null,
          subject: wordsOf(member.preferences.lang).subject,
          body: summaryText(todo, (member.preferences.lang ?? 'en').slice(0, 2)),
        },
        [{ address: member.email, uuid: member.uuid, kind: 'to' }],
      );
    }
  },
};
