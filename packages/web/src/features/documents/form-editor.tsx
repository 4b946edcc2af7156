/**
 * The form screen's working part (docs/product/forms-and-lists.md#form-screen): header with title,
 * display id, Back and Save / 'N Error(s)'; the raw-data toggle; the form. Save rules: a new
 * document is created and its page opens; an existing one is updated, then its page opens when
 * the view has ui schemas, else the list. An edit waits for the first change before offering Save.
 * A save that finds the document changed since the form opened (409) offers to reload it or to
 * re-apply the user's changes onto it (edit-conflict.ts).
 *
 * Forms that help: a field's problems show once it is touched or Save is pressed
 * (use-shown-problems.ts); Save stays in a sticky bar at the foot of the window (form-save-bar.tsx);
 * leaving with unsaved changes asks first (use-unsaved-changes.tsx).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { compileDocumentValidator, type DocumentSchema, type JsonSchema } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import type { RecordApi } from '../../api/record-api.ts';
import { useSaveRecord, type RecordRow } from '../../api/records-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { usePaintedMark } from '../../components/render-marks.ts';
import { DocumentForm } from '../../forms/document-form.tsx';
import type { AddActionRequest } from '../../forms/form-services.ts';
import type { Translate } from '../../forms/schema-i18n.ts';
import { useFormProblems } from '../../forms/use-form-problems.ts';
import { useShownProblems } from '../../forms/use-shown-problems.ts';
import { useUnsavedChanges } from '../../forms/use-unsaved-changes.tsx';
import { withoutNulls } from '../../forms/support/initial-data.ts';
import { useShortcut } from '../../shortcuts/use-shortcut.ts';
import type { Viewer } from '../../lists/filter-dialog.tsx';
import { rememberRecent } from '../favourites/recent-store.ts';
import { FormActions } from './form-actions.tsx';
import { FormSaveBar } from './form-save-bar.tsx';
import { RawDataPanel } from './raw-data-panel.tsx';
import { formPanelsOf } from './form-panel.ts';
import { usePreferredCurrency } from './preferred-currency.ts';
import { changedFields, editConflictOf, reapplyChanges, type EditConflict } from './edit-conflict.ts';
import { EditConflictDialog } from './edit-conflict-dialog.tsx';
import { useDocumentPicker } from './use-document-picker.tsx';

export interface FormEditorProps {
  type: DocumentSchema;
  api: RecordApi;
  /** null while creating. */
  id: string | number | null;
  initial: Record<string, unknown>;
  title: string;
  backTo: string;
  viewer: Viewer;
  translate: Translate;
  /** Where to go after a save, given the saved record. */
  afterSave: (saved: RecordRow, wasCreated: boolean) => string;
  onAddAction?: (request: AddActionRequest) => void;
  /** The body sent to the server from the form's data (e.g. leave out an empty password). */
  mapBody?: (data: Record<string, unknown>) => Record<string, unknown>;
  /**
   * A message instead of 'Saved' for an answer that is not the saved record (adding a member
   * whose address already has an account answers an invitation); such answers are not recent items.
   */
  savedMessage?: (saved: RecordRow) => string | undefined;
}

/** How many problems the shared validator finds in the data right now (0 without a usable schema). */
/**
 * How long a submit by Enter waits for the keystrokes before it (form-editor's `submitSoon`): far
 * more than the few ms the change takes to reach `data`, far less than a person notices.
 */
const SUBMIT_AFTER_TYPING_MS = 50;
/** How long an Enter on an edit form seen unchanged waits for the keystrokes before it to change it. */
const ENTER_WAITS_FOR_TYPING_MS = 5_000;

function problemCountNow(schema: JsonSchema | undefined, data: Record<string, unknown>): number {
  if (!schema) return 0;
  try {
    return compileDocumentValidator(schema)(structuredClone(data)).problems.filter((problem) => problem.keyword !== 'if').length;
  } catch {
    return 0; // an invalid stored schema cannot validate; the schema editor says why
  }
}

export function FormEditor({
  type,
  api,
  id,
  initial,
  title,
  backTo,
  viewer,
  translate,
  afterSave,
  onAddAction,
  mapBody,
  savedMessage,
}: FormEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showMessage = useMessageBar();
  const save = useSaveRecord(api);
  const [data, setData] = useState(() => withoutNulls(initial, type.form?.schema));
  const currencyId = usePreferredCurrency();
  // What the form was opened with (or last reloaded): the user's changes are measured from it.
  const [base, setBase] = useState(() => withoutNulls(initial, type.form?.schema));
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const [isDirty, setIsDirty] = useState(false);
  const [isRaw, setIsRaw] = useState(false);
  const schema = type.form?.schema;
  const problems = useFormProblems(schema, data, true, translate);
  const fields = useMemo(() => Object.keys(schema?.properties ?? {}), [schema]);
  const visible = useShownProblems(problems, fields);
  const isCreate = id === null;
  const picker = useDocumentPicker(viewer);
  const guard = useUnsavedChanges(isDirty && !save.isSuccess);
  usePaintedMark('record', 1, true);

  const { touchChanged } = visible;
  // The data last drawn: a change is compared with it to mark the fields it touched.
  const drawn = useRef(data);
  drawn.current = data;
  const change = useCallback(
    (next: Record<string, unknown>) => {
      touchChanged(drawn.current, next);
      setData(next);
      setIsDirty(true);
    },
    [touchChanged],
  );

  const send = (values: Record<string, unknown>) =>
    save.mutate(
      { id, data: mapBody ? mapBody(values) : values },
      {
        onSuccess: (saved) => {
          guard.release();
          const special = savedMessage?.(saved);
          if (special) {
            showMessage(special, 'info');
            void navigate(afterSave(saved, isCreate), { replace: true });
            return;
          }
          showMessage(t('form.saved'), 'success');
          rememberRecent(viewer.appId, {
            type: type.type,
            id: api.idOf(saved),
            title: String(saved.summary ?? saved.display_name ?? title),
            displayId: typeof saved.display_id === 'string' ? saved.display_id : undefined,
          });
          void navigate(afterSave(saved, isCreate), { replace: true });
        },
        onError: (error) => {
          const found = editConflictOf(error);
          if (found) return setConflict(found);
          showMessage(describeError(error, t, isCreate ? t('form.createError') : t('form.updateError')), 'error');
        },
      },
    );

  const submit = () => {
    if (save.isPending || (!isCreate && !isDirty)) return;
    // The problems follow the data in a background render: a Save pressed before they caught up
    // (right after opening or typing) checks the data now, so an invalid form is never sent.
    const pending = problems.length > 0 ? problems.length : problemCountNow(schema, data);
    if (pending > 0) {
      // Save on a form whose problems were not shown yet shows them all, in place and counted.
      visible.reveal();
      showMessage(t('form.fixErrors', { count: pending }), 'warning');
      return;
    }
    send(data);
  };

  // Enter in a field submits the form. JSON Forms passes a keystroke on to `data` in an effect after
  // a render, so an Enter pressed at once after typing can come before it: the submit then runs a
  // moment later, from the render that has it (the latest `submit`), rather than from this one,
  // which saw a form with nothing changed and did nothing (docs/product/forms-and-lists.md#form-screen).
  // An edit form that this render saw unchanged waits for the render that changes it, however long
  // that takes: on a slow machine (twenty times slower in its browser test) it took longer than a
  // fixed wait, and the Enter was lost.
  const latestSubmit = useRef(submit);
  const enterWaits = useRef(false);
  const submitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const submitAfterTyping = () => {
    clearTimeout(submitTimer.current); // Enter twice within the moment saves once
    submitTimer.current = setTimeout(() => latestSubmit.current(), SUBMIT_AFTER_TYPING_MS);
  };
  useLayoutEffect(() => {
    latestSubmit.current = submit;
    if (enterWaits.current && isDirty) {
      enterWaits.current = false;
      submitAfterTyping();
    }
  });
  useEffect(() => () => clearTimeout(submitTimer.current), []);
  const submitSoon = () => {
    if (isCreate || isDirty) return submitAfterTyping();
    enterWaits.current = true;
    clearTimeout(submitTimer.current);
    // An Enter on a form nobody changed: nothing to save once the wait is over.
    submitTimer.current = setTimeout(() => {
      enterWaits.current = false;
      latestSubmit.current();
    }, ENTER_WAITS_FOR_TYPING_MS);
  };
  // Ctrl+S / Cmd+S is the Save button from the keyboard, from inside a field too
  // (docs/product/forms-and-lists.md#keyboard-shortcuts): enabled exactly when the button is (no
  // 'N Errors' in its place, something to save, no save running), and like Enter it runs a moment
  // later so the keystroke just before it is in the data it saves.
  const canSaveNow = visible.shown.length === 0 && (isCreate || isDirty) && !save.isPending;
  useShortcut('formSave', submitAfterTyping, canSaveNow);

  /** A key pressed after an Enter is new typing, not a keystroke the Enter was waiting for. */
  const typingAfterEnter = (key: string) => {
    if (key === 'Enter' || !enterWaits.current) return;
    enterWaits.current = false;
    clearTimeout(submitTimer.current);
  };

  const reload = (found: EditConflict) => {
    const current = withoutNulls(found.current, schema);
    setBase(current);
    setData(current);
    setIsDirty(false);
    visible.reset();
    setConflict(null);
    showMessage(t('form.conflictReloaded'), 'info');
  };

  const reapply = (found: EditConflict) => {
    const current = withoutNulls(found.current, schema);
    const merged = reapplyChanges(base, data, current);
    setBase(current);
    setData(merged);
    setConflict(null);
    send(merged);
  };

  const fieldLabel = (key: string) => translate(schema?.properties?.[key]?.title ?? key);

  // Add Action leaves the form: a rating just given (Poor) is saved first, or it would be lost.
  const addAction = onAddAction
    ? (request: AddActionRequest) => {
        if (!isDirty) return onAddAction(request);
        const pending = problems.length > 0 ? problems.length : problemCountNow(schema, data);
        if (pending > 0) {
          visible.reveal();
          return showMessage(t('form.fixErrors', { count: pending }), 'warning');
        }
        save.mutate(
          { id, data: mapBody ? mapBody(data) : data },
          {
            onSuccess: () => {
              guard.release(); // saved: leaving for the new action asks nothing
              onAddAction(request);
            },
            onError: (error) => {
              const found = editConflictOf(error);
              if (found) return setConflict(found);
              showMessage(describeError(error, t, t('form.updateError')), 'error');
            },
          },
        );
      }
    : undefined;

  const canShowRaw = viewer.isAdministrator || type.form?.showDataAsJson === true;
  return (
    <Stack spacing={2}>
      <PageHeader title={title} displayId={isCreate ? undefined : (initial.display_id as string | undefined)} backTo={backTo} />
      {canShowRaw && (
        <FormControlLabel
          control={<Switch checked={isRaw} onChange={(event) => setIsRaw(event.target.checked)} />}
          label={t('form.rawData')}
          sx={{ alignSelf: 'flex-end' }}
        />
      )}
      {isRaw && <RawDataPanel data={data} onChange={change} />}
      <Paper
        component="form"
        noValidate
        aria-busy={save.isPending}
        onSubmit={(event) => {
          event.preventDefault();
          submitSoon();
        }}
        onKeyDown={(event) => typingAfterEnter(event.key)}
        onBlur={visible.onBlur}
        sx={{ p: { xs: 2, sm: 3 } }}
        data-testid="document-form"
      >
        {schema && (
          <DocumentForm
            schema={schema}
            uischema={type.form?.uiSchema}
            data={data}
            onChange={change}
            mode="edit"
            problems={visible.shown}
            appId={viewer.appId}
            userId={viewer.userId}
            lang={viewer.lang}
            translate={translate}
            resources={type.resources}
            normalised={(initial.data_normalised as Record<string, unknown> | undefined) ?? undefined}
            onAddAction={addAction}
            pickDocuments={picker.pickDocuments}
            creatingType={isCreate ? type.type : undefined}
            currencyId={currencyId}
          />
        )}
        {/* Lets Enter in a single-line field submit, like any form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Paper>
      {formPanelsOf(type.type).map(({ Panel }, index) => (
        <Panel key={index} appId={viewer.appId} data={data} />
      ))}
      <FormSaveBar note={isDirty ? t('form.unsavedNote') : undefined}>
        <FormActions problems={visible.shown} canSave={isCreate || isDirty} isSaving={save.isPending} onSave={submit} />
      </FormSaveBar>
      {picker.dialog}
      {guard.dialog}
      {conflict && (
        <EditConflictDialog
          conflict={conflict}
          changed={changedFields(base, data).map(fieldLabel)}
          isSaving={save.isPending}
          onReload={() => reload(conflict)}
          onReapply={() => reapply(conflict)}
          onClose={() => setConflict(null)}
        />
      )}
    </Stack>
  );
}
