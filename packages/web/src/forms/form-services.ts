/**
 * What renderers may need beyond their own props, provided once per form: the organisation and
 * user (lookups, default tokens), the form's mode, the type's resources (risk matrices), labels
 * of referenced ids and problems that belong to no single control (e.g. an observation that needs
 * an action). A renderer never reaches for app or feature state directly.
 */
import { createContext, useContext } from 'react';
import type { Resource } from '@docket/shared';

/** edit: a document form; filter: a list's filter popup; read: the document page. */
export type FormMode = 'edit' | 'filter' | 'read';

export interface AddActionRequest {
  /** Data path of the survey item, e.g. `items.3`. */
  path: string;
  title: string;
  category?: string;
}

export interface FormServices {
  appId: string;
  userId: string;
  lang: string;
  mode: FormMode;
  resources: readonly Resource[];
  /** Labels of referenced ids as the server answered them (`data_normalised`), by field. */
  normalised: Readonly<Record<string, unknown>>;
  /** Problems by data path (dotted), for renderers that draw an item rather than a control. */
  problemsByPath: ReadonlyMap<string, readonly string[]>;
  /** Creates an action linked to a survey item; absent while the document is not saved yet. */
  onAddAction?: (request: AddActionRequest) => void;
  /**
   * Opens the list of a type in picker mode and answers the chosen documents as `{value, label}`
   * (null when cancelled). Absent where no picker is offered (filters, the document page).
   */
  pickDocuments?: (docType: string, isMultiple: boolean) => Promise<{ value: number; label: string }[] | null>;
  /**
   * The type a new document of this form will be (edit mode): location pickers offer only the
   * places where the user may create one.
   */
  creatingType?: string;
  /** Translates a text of the type's schema (titles, option labels) into the user's language. */
  translate: (text: string) => string;
  /** The user's preferred currency (a `currency` document id; absent or 0: none): amounts show converted into it. */
  currencyId?: number;
}

export const FormServicesContext = createContext<FormServices | null>(null);

export function useFormServices(): FormServices {
  const services = useContext(FormServicesContext);
  if (!services) throw new Error('useFormServices outside a DocumentForm');
  return services;
}
