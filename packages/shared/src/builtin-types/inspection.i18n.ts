/**
 * French and Spanish texts of the inspection (keys are the English texts; see translations.ts).
 * Words shared with other types (Site, Zone, Notes, Rating, Category…) come from common.i18n.ts.
 */
import { translations } from './translations.ts';

export const inspectionI18n = translations([
  [
    'Inspections: a checklist answered at a site, scored as it is answered; poor items raise actions.',
    'Inspections : une liste de contrôle remplie sur un site, notée au fil des réponses ; les éléments insuffisants créent des actions.',
    'Inspecciones: una lista de verificación respondida en un centro, puntuada a medida que se responde; los elementos deficientes generan acciones.',
  ],
  ['Inspection', 'Inspection', 'Inspección'],
  ['Inspections', 'Inspections', 'Inspecciones'],
  ['Checklist', 'Liste de contrôle', 'Lista de verificación'],
  ['Inspection date', "Date d'inspection", 'Fecha de inspección'],
  ['Inspectors', 'Inspecteurs', 'Inspectores'],
  ['Items', 'Éléments', 'Elementos'],
  ['Item', 'Élément', 'Elemento'],
  ['Guidance', 'Aide', 'Orientación'],
  ['Not applicable', 'Sans objet', 'No aplicable'],
  ['Photos', 'Photos', 'Fotos'],
  ['Action to take', 'Action à mener', 'Acción a realizar'],
  ['Action due date', "Échéance de l'action", 'Fecha límite de la acción'],
  ['Action owners', "Responsables de l'action", 'Responsables de la acción'],
  ['Score', 'Score', 'Puntuación'],
  ['Score (%)', 'Score (%)', 'Puntuación (%)'],
  ['Poor', 'Insuffisant', 'Deficiente'],
  ['Sufficient', 'Suffisant', 'Suficiente'],
  ['Good', 'Bon', 'Bueno'],
  ['Please choose a checklist', 'Veuillez choisir une liste de contrôle', 'Elija una lista de verificación'],
  ['Please add at least one inspector', 'Veuillez ajouter au moins un inspecteur', 'Añada al menos un inspector'],
]);
