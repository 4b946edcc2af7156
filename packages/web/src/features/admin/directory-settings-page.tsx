/**
 * admin/settings/directory: the directory settings form (docs/product/identities-and-sign-in.md#directory-settings): one-time code method,
 * legacy ACL, the lock on created and workflow events, federated login with its provider (required, at least 1 character) and hybrid
 * users, the OpenID Connect connection, and the SCIM directory the directory sync task reads
 * (docs/product/administration.md#directory-sync; its token write-only). Read and saved at `/v3/{appId}/$$directory`.
 */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { DocumentSchema, JsonSchema } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import type { RecordApi } from '../../api/record-api.ts';
import { useRecord } from '../../api/records-api.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { FormEditor } from '../documents/form-editor.tsx';
import { useViewer } from '../documents/use-document-type.ts';
import { AdminGate } from './admin-gate.tsx';
import { schemaTranslator } from '../../forms/schema-i18n.ts';
import { adminI18n } from './admin-types/admin-i18n.ts';

const properties: Record<string, JsonSchema> = {
  mfa_method: {
    type: 'string',
    title: 'One-time code method',
    oneOf: [
      { const: 'email', title: 'E-mail' },
      { const: 'app', title: 'Authenticator app' },
    ],
    default: 'email',
  },
  legacy_acl: { type: 'boolean', title: 'Legacy access control', default: false },
  // docs/product/workflow-and-timeline.md#event-rules: on by default.
  lock_workflow_events: {
    type: 'boolean',
    title: 'Lock created and workflow events',
    description: 'Nobody can edit or delete them: the timeline stays a permanent record.',
    default: true,
  },
  federated_login: { type: 'boolean', title: 'Federated login', default: false },
  provider: { type: 'string', title: 'Provider (federated tenant directory)', minLength: 1, maxLength: 200 },
  allow_users_internal: { type: 'boolean', title: 'Allow internal users (hybrid)', default: true },
  issuer: { type: 'string', title: 'OpenID Connect issuer URL', maxLength: 500 },
  client_id: { type: 'string', title: 'Client id', maxLength: 200 },
  client_secret: { type: 'string', title: 'Client secret (leave empty to keep)', format: 'password', maxLength: 500 },
  allowed_hosts: { type: 'array', title: 'Allowed hosts', items: { type: 'string' } },
  scim_url: {
    type: 'string',
    title: 'SCIM base URL',
    description: 'The directory sync server task reads its users and groups here. Empty: no sync.',
    maxLength: 500,
  },
  scim_token: { type: 'string', title: 'SCIM bearer token (leave empty to keep)', format: 'password', maxLength: 4000 },
};

const control = (name: string) => ({ type: 'Control', scope: `#/properties/${name}` });
export const directoryType: DocumentSchema = {
  version: 3,
  i18n: adminI18n,
  type: '$$directory',
  requiredRoles: ['administrator'],
  form: {
    title: 'Directory settings',
    schema: {
      type: 'object',
      properties,
      required: ['federated_login', 'provider', 'allow_users_internal'],
      errorMessage: { required: { provider: 'Please enter the provider' } },
    },
    uiSchema: {
      type: 'VerticalLayout',
      elements: [
        { type: 'HorizontalLayout', elements: [control('mfa_method'), control('legacy_acl')] },
        control('lock_workflow_events'),
        {
          type: 'Group',
          label: 'Federated sign-in',
          elements: [
            { type: 'HorizontalLayout', elements: [control('federated_login'), control('allow_users_internal')] },
            control('provider'),
            control('issuer'),
            { type: 'HorizontalLayout', elements: [control('client_id'), control('client_secret')] },
            control('allowed_hosts'),
          ],
        },
        { type: 'Group', label: 'Directory sync (SCIM)', elements: [control('scim_url'), control('scim_token')] },
      ],
    },
  },
};

export default function DirectorySettingsPage() {
  const { t } = useTranslation();
  return (
    <AdminGate section={t('admin.directory')}>
      <DirectorySettings />
    </AdminGate>
  );
}

function DirectorySettings() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const api = useMemo<RecordApi>(() => {
    const path = `/v3/${encodeURIComponent(viewer.appId)}/$$directory`;
    return {
      listPath: path,
      itemPath: () => path,
      idOf: () => 'settings',
      supportsDefaultFilter: false,
      supportsGroupBy: false,
      supportsExport: false,
      supportsCreate: false,
    };
  }, [viewer.appId]);
  const settings = useRecord(api, 'settings');
  const translate = useMemo(() => schemaTranslator(directoryType, viewer.lang), [viewer.lang]);
  usePageTitle(t('admin.directory'), { label: t('admin.title'), to: '/admin/configuration' });
  if (settings.isPending) return <LoadingScreen label={t('common.loading')} />;
  if (settings.isError)
    return (
      <Alert severity="error">
        {t('form.fetchError', { title: t('admin.directory') })}: {describeError(settings.error, t, t('common.unknownError'))}
      </Alert>
    );
  return (
    <FormEditor
      type={directoryType}
      api={api}
      id="settings"
      initial={settings.data}
      title={t('admin.directory')}
      backTo="/admin/configuration"
      viewer={viewer}
      translate={translate}
      // The secret and the SCIM token are write-only: an empty one keeps the stored one. A cleared
      // SCIM address (the form drops empty text) is sent empty: it turns the sync off.
      mapBody={({ client_secret: secret, client_secret_set: _set, scim_token: token, scim_token_set: _tokenSet, ...rest }) => ({
        ...rest,
        scim_url: typeof rest.scim_url === 'string' ? rest.scim_url : '',
        ...(typeof secret === 'string' && secret ? { client_secret: secret } : {}),
        ...(typeof token === 'string' && token ? { scim_token: token } : {}),
      })}
      afterSave={() => '/admin/settings/directory'}
    />
  );
}
