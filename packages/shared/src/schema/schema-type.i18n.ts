/**
 * French and Spanish texts of the Document Schemas type (keys are the English texts, see
 * builtin-types/translations.ts): the schema list's title, columns and filter, and the labels of
 * the schema editor's common properties (docs/product/administration.md#localisation). Words most
 * types share (Type, Category, Updated…) come from builtin-types/common.i18n.ts.
 */
import { translations } from '../builtin-types/translations.ts';

export const schemaTypeI18n = translations([
  [
    'Document schemas: the stored definitions of document types.',
    'Schémas de documents : les définitions enregistrées des types de document.',
    'Esquemas de documentos: las definiciones guardadas de los tipos de documento.',
  ],
  ['Document Schema', 'Schéma de document', 'Esquema de documento'],
  ['Document Schemas', 'Schémas de documents', 'Esquemas de documentos'],
  ['Please enter the schema type', 'Veuillez saisir le type du schéma', 'Introduzca el tipo del esquema'],
  ['Version', 'Version', 'Versión'],
  ['Reference', 'Référence', 'Referencia'],
  ['Id mask', "Masque d'identifiant", 'Máscara de identificador'],
  ['Has events', 'Avec événements', 'Con eventos'],
  ['Has workflow', 'Avec workflow', 'Con flujo de trabajo'],
  ['Description is HTML', 'Description en HTML', 'Descripción en HTML'],
  ['Required roles', 'Rôles requis', 'Roles requeridos'],
  ['Required roles for create', 'Rôles requis pour créer', 'Roles requeridos para crear'],
  ['Required roles for edit', 'Rôles requis pour modifier', 'Roles requeridos para editar'],
  ['Dependencies', 'Dépendances', 'Dependencias'],
  ['Child types', 'Types enfants', 'Tipos secundarios'],
  ['Indexed fields', 'Champs indexés', 'Campos indexados'],
  ['Form', 'Formulaire', 'Formulario'],
  ['Filter', 'Filtre', 'Filtro'],
  ['View', 'Vue', 'Vista'],
  ['Export', 'Export', 'Exportación'],
  ['Workflow', 'Workflow', 'Flujo de trabajo'],
  ['Legacy workflow', 'Workflow hérité', 'Flujo de trabajo heredado'],
]);
