/** French and Spanish texts of the keyword list (keys are the English texts; see translations.ts). */
import { translations } from './translations.ts';

export const keywordListI18n = translations([
  [
    'Keyword lists: the options of category and cause fields, keyed by name.',
    'Listes de mots-clés : les options des champs de catégorie et de cause, repérées par leur clé.',
    'Listas de palabras clave: las opciones de los campos de categoría y causa, identificadas por su clave.',
  ],
  ['Keyword List', 'Liste de mots-clés', 'Lista de palabras clave'],
  ['Keyword Lists', 'Listes de mots-clés', 'Listas de palabras clave'],
  ['Please enter a key', 'Veuillez saisir une clé', 'Introduzca una clave'],
  ['Key', 'Clé', 'Clave'],
  ['Options', 'Options', 'Opciones'],
  ['Id', 'Identifiant', 'Identificador'],
  ['Legacy value', 'Ancienne valeur', 'Valor anterior'],
  ['Children', 'Sous-options', 'Subopciones'],
  ['Dependencies', 'Dépendances', 'Dependencias'],
  ['Property', 'Propriété', 'Propiedad'],
  ['Value', 'Valeur', 'Valor'],
]);
