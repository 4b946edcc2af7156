/**
 * French and Spanish texts of the action (keys are the English texts; see translations.ts).
 * Words shared with other types (statuses, Title, Site…) come from common.i18n.ts.
 */
import { translations } from './translations.ts';

export const actionI18n = translations([
  [
    'Actions: tasks with owners and due dates raised from incidents, visits, investigations and checklists.',
    'Actions : tâches avec responsables et échéances, issues des incidents, visites, enquêtes et listes de contrôle.',
    'Acciones: tareas con responsables y plazos, surgidas de incidentes, visitas, investigaciones y listas de verificación.',
  ],
  ['Actions', 'Actions', 'Acciones'],
  ['Due date', "Date d'échéance", 'Fecha límite'],
  ['Actionees', 'Responsables', 'Responsables'],
  ['Parent document', 'Document parent', 'Documento principal'],
  ['Completed date', "Date d'achèvement", 'Fecha de finalización'],
  ['Completion notes', "Notes d'achèvement", 'Notas de finalización'],
  ['Completion', 'Achèvement', 'Finalización'],
  ['Due', 'Échéance', 'Vence'],
  ['Please enter a due date', "Veuillez saisir une date d'échéance", 'Introduzca una fecha límite'],
  ['Please select at least one actionee', 'Veuillez choisir au moins un responsable', 'Seleccione al menos un responsable'],
  ['The actionees complete the action', "Les responsables réalisent l'action", 'Los responsables completan la acción'],
  [
    'A site manager verifies high-priority actions',
    'Un responsable de site vérifie les actions de priorité élevée',
    'Un responsable del centro verifica las acciones de prioridad alta',
  ],
]);
