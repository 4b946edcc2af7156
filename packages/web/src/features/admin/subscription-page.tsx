/**
 * admin/settings/subscription: the organisation's own subscription (`$$configuration`,
 * docs/product/administration.md#subscriptions), edited with the subscription type's form. The
 * company, domains, customer schema and e-mail sign-up are the administrator's; `active` and the
 * licence are shown read-only, since only the platform operator changes them (the server refuses).
 */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { builtinTypeByName, type DocumentSchema } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { apiClient } from '../../api/instance.ts';
import type { RecordApi } from '../../api/record-api.ts';
import { useRecord } from '../../api/records-api.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { schemaTranslator } from '../../forms/schema-i18n.ts';
import { FormEditor } from '../documents/form-editor.tsx';
import { useViewer } from '../documents/use-document-type.ts';
import { AdminGate } from './admin-gate.tsx';

/** Marks the controls under the operator's scopes read-only (JSON Forms' `options.readonly`). */
function withReadOnly(node: unknown, scopes: readonly string[]): unknown {
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const scope = typeof record.scope === 'string' ? record.scope : '';
  const isOperators = scopes.some((prefix) => scope.startsWith(prefix));
  return {
    ...record,
    ...(isOperators ? { options: { ...(record.options as object | undefined), readonly: true } } : {}),
    ...(Array.isArray(record.elements) ? { elements: record.elements.map((child) => withReadOnly(child, scopes)) } : {}),
  };
}

const subscriptionType = builtinTypeByName('subscription')!;
const configurationType: DocumentSchema = {
  ...subscriptionType,
  type: '$$configuration',
  form: {
    ...subscriptionType.form!,
    uiSchema: withReadOnly(subscriptionType.form!.uiSchema, ['#/properties/active', '#/properties/license']) as NonNullable<
      DocumentSchema['form']
    >['uiSchema'],
  },
};

export default function SubscriptionPage() {
  const { t } = useTranslation();
  return (
    <AdminGate section={t('subscription.title')}>
      <Subscription />
    </AdminGate>
  );
}

function Subscription() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const listPath = `/v3/${encodeURIComponent(viewer.appId)}/$$configuration`;
  const own = useQuery({
    queryKey: ['configuration', viewer.appId],
    queryFn: ({ signal }) => apiClient.get<{ dataAr: { id: number }[] }>(listPath, undefined, signal),
  });
  const id = own.data?.dataAr[0]?.id;
  const api = useMemo<RecordApi>(
    () => ({
      listPath,
      itemPath: (recordId) => `${listPath}/${encodeURIComponent(String(recordId))}`,
      idOf: (row) => row.id as number,
      supportsDefaultFilter: false,
      supportsGroupBy: false,
      supportsExport: false,
      supportsCreate: false,
    }),
    [listPath],
  );
  const record = useRecord(api, id ?? 0, id !== undefined);
  const translate = useMemo(() => schemaTranslator(configurationType, viewer.lang), [viewer.lang]);
  usePageTitle(t('subscription.title'), { label: t('admin.title'), to: '/admin/configuration' });
  const error = own.error ?? record.error;
  if (error)
    return (
      <Alert severity="error">
        {t('form.fetchError', { title: t('subscription.title') })}: {describeError(error, t, t('common.unknownError'))}
      </Alert>
    );
  if (id === undefined || !record.data) return <LoadingScreen label={t('common.loading')} />;
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('subscription.operatorOnly')}
      </Alert>
      <FormEditor
        type={configurationType}
        api={api}
        id={id}
        initial={record.data}
        title={t('subscription.title')}
        backTo="/admin/configuration"
        viewer={viewer}
        translate={translate}
        afterSave={() => '/admin/settings/subscription'}
      />
    </>
  );
}
