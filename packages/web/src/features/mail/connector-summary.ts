/**
 * The line under a connector's title on the connectors page (docs/product/mail.md#connector-settings):
 * who signs in where, and how the connection is protected.
 */
import type { TFunction } from 'i18next';
import type { MailConnectorSettingsAnswer } from '@docket/shared';

type ServerOf = Pick<MailConnectorSettingsAnswer, 'user' | 'host' | 'port' | 'security'>;

export function connectorServerLine(connector: ServerOf, t: TFunction): string {
  return t('mailSettings.serverLine', {
    user: connector.user,
    host: connector.host,
    port: String(connector.port),
    // The form's own word, 'None (plain)', inside the line's brackets read '(None (plain))'.
    security: t(`mailSettings.securityInLine.${connector.security}`),
  });
}
