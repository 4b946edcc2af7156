/**
 * admin/settings/{name} and admin/configuration/{name} (docs/product/administration.md#settings):
 * the general, theme, storage and mail sections, each a generated form checked by the same schema
 * as the server; the storage section shows the storage used below its form.
 */
import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { isOrgSettingsSection, type OrgSettingsSectionName } from '@docket/shared';
import { describeError } from '../../../api/describe-error.ts';
import { usePageTitle } from '../../../app/page-title.ts';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { schemaTranslator } from '../../../forms/schema-i18n.ts';
import { FormEditor } from '../../documents/form-editor.tsx';
import { useViewer } from '../../documents/use-document-type.ts';
import { AdminGate } from '../admin-gate.tsx';
import { afterSettingsSaved, settingsRecordApi, useOrgSettings } from './org-settings-api.ts';
import { settingsFormOf } from './settings-forms.ts';
import { StorageUsageCard } from './storage-usage-card.tsx';

export default function OrgSettingsPage() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  const isKnown = isOrgSettingsSection(name);
  const title = isKnown ? t(`orgSettings.${name}`) : t('orgSettings.settings');
  return (
    <AdminGate section={title}>
      {isKnown ? <SettingsSection key={name} name={name} /> : <Alert severity="warning">{t('orgSettings.unknown', { name })}</Alert>}
    </AdminGate>
  );
}

function SettingsSection({ name }: { name: OrgSettingsSectionName }) {
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const settings = useOrgSettings(viewer.appId);
  const type = useMemo(() => settingsFormOf(name), [name]);
  const api = useMemo(() => settingsRecordApi(viewer.appId), [viewer.appId]);
  const translate = useMemo(() => schemaTranslator(type, viewer.lang), [type, viewer.lang]);
  const title = t(`orgSettings.${name}`);
  usePageTitle(title, { label: t('admin.title'), to: '/admin/configuration' });
  const form = settings.isPending ? (
    <LoadingScreen label={t('common.loading')} />
  ) : settings.isError ? (
    <Alert severity="error">
      {t('form.fetchError', { title })}: {describeError(settings.error, t, t('common.unknownError'))}
    </Alert>
  ) : (
    <FormEditor
      // After a save the stored values come back: the form restarts from them, with nothing unsaved.
      key={settings.dataUpdatedAt}
      type={type}
      api={api}
      id="settings"
      initial={settings.data[name]}
      title={title}
      backTo="/admin/configuration"
      viewer={viewer}
      translate={translate}
      // One section per form: the server merges it over the stored one. An empty key keeps the stored key.
      mapBody={({ translation_api_key_set: _set, translation_api_key: key, ...rest }) => ({
        [name]: typeof key === 'string' && key ? { ...rest, translation_api_key: key } : rest,
      })}
      afterSave={() => {
        afterSettingsSaved(queryClient, viewer.appId);
        return location.pathname;
      }}
    />
  );
  return (
    <Stack spacing={2}>
      {form}
      {name === 'storage' && <StorageUsageCard appId={viewer.appId} />}
    </Stack>
  );
}
