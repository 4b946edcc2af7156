/**
 * The user drawer's todo tab (docs/product/workflow-and-timeline.md#todo): open items assigned to me, approvals waiting for me,
 * overdue documents and recent activity, each linking to its document.
 */
import type { ReactNode } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TodoItem } from '@docket/shared';
import { useSession } from '../../app/session-context.tsx';
import { formatDate, formatDateTime } from '../../components/format-date.ts';
import { eventTypeKey } from '../activity/event-labels.ts';
import { WorkflowStatusChip } from '../workflow/workflow-status-chip.tsx';
import { EMPTY_TODO, useTodo } from './todo-api.ts';

function Section({ title, testId, children, isEmpty }: { title: string; testId: string; children: ReactNode; isEmpty: boolean }) {
  const { t } = useTranslation();
  return (
    <section data-testid={testId}>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {title}
      </Typography>
      {isEmpty ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('todo.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {children}
        </List>
      )}
    </section>
  );
}

function TodoRow({ item, onOpen }: { item: TodoItem; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const due = item.due_date ? ` · ${t('todo.due', { date: formatDate(item.due_date, i18n.language) })}` : '';
  return (
    <ListItemButton
      component={RouterLink}
      to={`/docs/${item.doc_type}/${item.id}`}
      onClick={onOpen}
      // On a phone the chips go under the text: beside it they left the summary a word per line.
      sx={{ gap: 1, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'flex-start', sm: 'center' } }}
    >
      <ListItemText
        primary={`${item.display_id} ${item.summary}`}
        secondary={`${item.type_title || item.doc_type}${due}`}
        sx={{ my: { xs: 0, sm: 0.5 } }}
      />
      <WorkflowStatusChip status={item.status} isOverdue={item.overdue} size="small" />
    </ListItemButton>
  );
}

export function TodoTab({ onNavigate }: { onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  const { appId } = useSession();
  const todo = useTodo(appId, i18n.resolvedLanguage ?? 'en');
  if (todo.isPending) return <LinearProgress />;
  const data = todo.data ?? EMPTY_TODO;
  const lists = [
    { key: 'approvals', title: t('todo.approvals'), items: data.approvals },
    { key: 'open', title: t('todo.open'), items: data.open },
    { key: 'overdue', title: t('todo.overdue'), items: data.overdue },
  ] as const;
  return (
    <Stack data-testid="todo-tab">
      {lists.map((list) => (
        <Section key={list.key} title={list.title} testId={`todo-${list.key}`} isEmpty={list.items.length === 0}>
          {list.items.map((item) => (
            <TodoRow key={item.id} item={item} onOpen={onNavigate} />
          ))}
        </Section>
      ))}
      <Section title={t('todo.recent')} testId="todo-recent" isEmpty={data.recent.length === 0}>
        {data.recent.map((event) => (
          <ListItemButton key={event.id} component={RouterLink} to={`/docs/${event.meta.doc_type}/${event.doc_id}`} onClick={onNavigate}>
            <ListItemText
              primary={`${event.meta.parent.display_id} · ${t(eventTypeKey(event.type))}`}
              secondary={`${event.meta.created_by.display_name} · ${formatDateTime(event.meta.created_date, i18n.language)}`}
            />
          </ListItemButton>
        ))}
      </Section>
    </Stack>
  );
}
