/**
 * The form engine's entry: a type's JSON Schema and UI schema rendered by JSON Forms with our
 * renderer registry, in one of three modes (edit, filter, read). Validation is not JSON Forms'
 * own: the caller passes the problems found by the shared validator (use-form-problems.ts), and
 * they are drawn under their controls, on their items and counted in the header.
 */
import { useMemo, useRef } from 'react';
import { JsonForms } from '@jsonforms/react';
import type { JsonFormsI18nState, JsonSchema as FormsJsonSchema, Translator, UISchemaElement } from '@jsonforms/core';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/fr';
import 'dayjs/locale/es';
import type { JsonSchema, Resource, UiSchemaElement } from '@docket/shared';
import { FormServicesContext, type AddActionRequest, type FormMode, type FormServices } from './form-services.ts';
import { formCells, formRenderers } from './renderer-registry.ts';
import { controlErrors, problemsByPath, type FormProblem } from './support/validation.ts';
import { ChangeNews } from './support/change-news.ts';
import { echoGuard } from './support/echo-guard.ts';
import { pickerLocaleText } from './support/picker-locale.ts';
import type { Translate } from './schema-i18n.ts';

export interface DocumentFormProps {
  schema: JsonSchema;
  uischema?: UiSchemaElement;
  data: Record<string, unknown>;
  onChange?: (data: Record<string, unknown>) => void;
  mode: FormMode;
  problems?: readonly FormProblem[];
  appId: string;
  userId: string;
  lang: string;
  translate: Translate;
  resources?: readonly Resource[];
  normalised?: Readonly<Record<string, unknown>>;
  onAddAction?: (request: AddActionRequest) => void;
  pickDocuments?: FormServices['pickDocuments'];
  /** See FormServices.creatingType. */
  creatingType?: string;
  /** See FormServices.currencyId. */
  currencyId?: number;
}

const NO_PROBLEMS: readonly FormProblem[] = [];
const NO_ERRORS: ReturnType<typeof controlErrors> = [];
const NO_RESOURCES: readonly Resource[] = [];
const NO_LABELS: Readonly<Record<string, unknown>> = {};

export function DocumentForm(props: DocumentFormProps) {
  const {
    schema,
    uischema,
    data,
    onChange,
    mode,
    problems = NO_PROBLEMS,
    appId,
    userId,
    lang,
    translate,
    resources = NO_RESOURCES,
    normalised = NO_LABELS,
    onAddAction,
    pickDocuments,
    creatingType,
    currencyId,
  } = props;
  const errors = useMemo(() => (problems.length > 0 ? controlErrors(problems) : NO_ERRORS), [problems]);
  const services = useMemo<FormServices>(
    () => ({
      appId,
      userId,
      lang,
      mode,
      resources,
      normalised,
      onAddAction,
      pickDocuments,
      creatingType,
      translate,
      currencyId,
      problemsByPath: problemsByPath(problems),
    }),
    [appId, userId, lang, mode, resources, normalised, onAddAction, pickDocuments, creatingType, translate, currencyId, problems],
  );
  const i18n = useMemo<JsonFormsI18nState>(
    () => ({
      locale: lang,
      translate: ((_key: string, defaultMessage: string | undefined) =>
        defaultMessage === undefined ? undefined : translate(defaultMessage)) as Translator,
      // Messages are already localised (validation.ts): show them as they are.
      translateError: (error) => error.message ?? '',
    }),
    [lang, translate],
  );
  const config = useMemo(() => ({ mode, hideRequiredAsterisk: false, trim: false }), [mode]);
  // Only edits reach onChange, not the data this caller gave (change-news.ts).
  const newsRef = useRef<ChangeNews<Record<string, unknown>> | null>(null);
  const news = (newsRef.current ??= new ChangeNews());
  news.given(data);
  // Typing in a second field before this caller draws the first change must not lose it (echo-guard.ts).
  const guardRef = useRef<ReturnType<typeof echoGuard> | null>(null);
  const middleware = (guardRef.current ??= echoGuard());
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={lang === 'en' ? 'en-gb' : lang} localeText={pickerLocaleText(lang)}>
      <FormServicesContext.Provider value={services}>
        <JsonForms
          schema={schema as FormsJsonSchema}
          uischema={uischema as UISchemaElement | undefined}
          data={data}
          renderers={formRenderers}
          cells={formCells}
          config={config}
          readonly={mode === 'read'}
          validationMode="NoValidation"
          additionalErrors={errors}
          i18n={i18n}
          middleware={middleware}
          onChange={({ data: next }) => {
            if (news.isNews(next as Record<string, unknown>)) onChange?.(next as Record<string, unknown>);
          }}
        />
      </FormServicesContext.Provider>
    </LocalizationProvider>
  );
}
