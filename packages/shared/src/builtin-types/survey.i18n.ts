/** French and Spanish texts of the checklist (survey) template (keys are the English texts; see translations.ts). */
import { translations } from './translations.ts';

export const surveyI18n = translations([
  [
    'Checklists (surveys): the templates of inspections, questions grouped by category.',
    'Listes de contrôle : les modèles des inspections, questions regroupées par catégorie.',
    'Listas de verificación: las plantillas de las inspecciones, preguntas agrupadas por categoría.',
  ],
  ['Checklist', 'Liste de contrôle', 'Lista de verificación'],
  ['Checklists', 'Listes de contrôle', 'Listas de verificación'],
  ['Please enter the checklist type', 'Veuillez saisir le type de liste de contrôle', 'Introduzca el tipo de lista de verificación'],
  ['Please enter a category', 'Veuillez saisir une catégorie', 'Introduzca una categoría'],
  ['Checklist type', 'Type de liste de contrôle', 'Tipo de lista de verificación'],
  ['Revision', 'Révision', 'Revisión'],
  ['Items', 'Éléments', 'Elementos'],
  ['Please enter the category of the item', "Veuillez saisir la catégorie de l'élément", 'Introduzca la categoría del elemento'],
  ['Legacy title', 'Ancien titre', 'Título anterior'],
  ['Questions', 'Questions', 'Preguntas'],
  ['Question', 'Question', 'Pregunta'],
  ['Answer type', 'Type de réponse', 'Tipo de respuesta'],
  ['Yes / No', 'Oui / Non', 'Sí / No'],
  ['Number', 'Nombre', 'Número'],
  ['Poor', 'Insuffisant', 'Deficiente'],
  ['Sufficient', 'Suffisant', 'Suficiente'],
  ['Good', 'Bon', 'Bueno'],
  ['Guidance', 'Aide', 'Orientación'],
  ['Hidden', 'Masqué', 'Oculto'],
  ['Sub-items', 'Sous-éléments', 'Subelementos'],
]);
