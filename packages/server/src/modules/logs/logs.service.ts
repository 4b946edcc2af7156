/** Logs (docs/product/administration.md#logs; issue 3 item 6): sign-ins, administration and failures, newest first. */
import type { ListAnswer, LogAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { adminTypes } from '../../platform/access/admin-types.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { runTableList, type ParsedList } from '../../platform/lists/table-list.ts';
import { logListSpec, logSource, type LogRow } from './logs.repository.ts';

export async function listLogs(ctx: AppContext, principal: Principal, list: ParsedList): Promise<ListAnswer<LogAnswer>> {
  requireAdministrator(principal, adminTypes.log, 'read', 'logs');
  const result = await runTableList<LogRow>(ctx.database, logSource(ctx.database, principal.org.id), logListSpec, list, principal.uuid);
  return {
    dataAr: result.rows.map((row) => ({
      id: Number(row.id),
      type: Number(row.type) as LogAnswer['type'],
      created_date: row.created_date,
      subject: row.subject,
      summary: row.summary,
      descrip: row.descrip,
    })),
    total: result.total,
  };
}
