/** The child documents of a document (its actions and the like), each a compact card (mode 4). */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useChildDocuments } from '../../api/records-api.ts';
import type { TypeCatalog } from '../../api/document-types.ts';
import { cardModeOf } from '../../lists/card-registry.ts';
import { schemaTranslator } from '../../forms/schema-i18n.ts';
import { documentHref } from './document-links.ts';

export function ChildDocuments({ appId, id, lang, types }: { appId: string; id: number; lang: string; types: TypeCatalog | undefined }) {
  const { t } = useTranslation();
  const children = useChildDocuments(appId, id);
  const Card = cardModeOf(4).Component;
  return (
    <Paper
      component="section"
      aria-labelledby="children-title"
      sx={{ p: { xs: 2, sm: 3 } }}
      className="no-print-break"
      data-testid="child-documents"
    >
      <Typography id="children-title" variant="h6" component="h2" gutterBottom>
        {t('documents.children')}
      </Typography>
      {children.isPending ? (
        <Skeleton height={48} />
      ) : (children.data ?? []).length === 0 ? (
        <Typography color="text.secondary">{t('documents.noChildren')}</Typography>
      ) : (
        <List dense disablePadding>
          {(children.data ?? []).map((child) => {
            const typeName = String(child.doc_type ?? '');
            const childType = types?.byName.get(typeName);
            return (
              <ListItem key={String(child.id)} divider disableGutters>
                <Card
                  row={child}
                  type={childType}
                  href={documentHref(typeName, String(child.id))}
                  lang={lang}
                  translate={schemaTranslator(childType, lang)}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
