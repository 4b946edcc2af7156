/**
 * Search results as cards (card mode 2), each linking to its document, with pagination. Results
 * mix every type, so each card says what it is: its type and display id above the title
 * (docs/product/forms-and-lists.md#search).
 */
import Grid from '@mui/material/Grid';
import type { TypeCatalog } from '../../api/document-types.ts';
import type { RecordRow } from '../../api/records-api.ts';
import { schemaTranslator } from '../../forms/schema-i18n.ts';
import { cardModeOf } from '../../lists/card-registry.ts';
import { CardActionLinks } from '../../lists/support/card-action-links.tsx';
import { documentHref } from '../documents/document-links.ts';

export function SearchResults({
  rows,
  types,
  lang,
  isAdministrator,
}: {
  rows: RecordRow[];
  types: TypeCatalog | undefined;
  lang: string;
  isAdministrator: boolean;
}) {
  const Card = cardModeOf(2).Component;
  return (
    <Grid container spacing={2} data-testid="search-results">
      {rows.map((row) => {
        const typeName = String(row.doc_type ?? '');
        const type = types?.byName.get(typeName);
        const href = documentHref(typeName, String(row.id));
        const translate = schemaTranslator(type, lang);
        const typeTitle = translate(type?.form?.title ?? type?.view?.title ?? typeName);
        const displayId = typeof row.display_id === 'string' ? row.display_id : '';
        return (
          <Grid key={`${typeName}-${String(row.id)}`} size={{ xs: 12, md: 6 }}>
            <Card
              row={row}
              type={type}
              href={href}
              lang={lang}
              translate={translate}
              overline={displayId ? `${typeTitle} · ${displayId}` : typeTitle}
              actions={
                <CardActionLinks
                  href={href}
                  canEdit={isAdministrator || row.meta?.access?.editor === true}
                  titleId={`card-title-${String(row.id)}`}
                />
              }
            />
          </Grid>
        );
      })}
    </Grid>
  );
}
