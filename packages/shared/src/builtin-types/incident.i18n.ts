/**
 * French and Spanish texts of the incident (keys are the English texts; see translations.ts).
 * Words shared with other types (statuses, Title, Site…) come from common.i18n.ts.
 */
import { translations } from './translations.ts';

export const incidentI18n = translations([
  [
    'Incidents: injuries, near misses, property damage, environmental and security events.',
    'Incidents : blessures, presque-accidents, dommages matériels, événements environnementaux et de sûreté.',
    'Incidentes: lesiones, cuasi accidentes, daños materiales, sucesos ambientales y de seguridad.',
  ],
  ['Incident', 'Incident', 'Incidente'],
  ['Incidents', 'Incidents', 'Incidentes'],
  ['Incident date', "Date de l'incident", 'Fecha del incidente'],
  ['Severity', 'Gravité', 'Gravedad'],
  ['Location', 'Lieu', 'Ubicación'],
  ['Reported by', 'Signalé par', 'Informado por'],
  ['People involved', 'Personnes impliquées', 'Personas implicadas'],
  ['Immediate actions taken', 'Mesures immédiates prises', 'Medidas inmediatas adoptadas'],
  ['Reviewers', 'Réviseurs', 'Revisores'],
  ['Lost time', 'Arrêt de travail', 'Baja laboral'],
  ['Lost days', 'Jours perdus', 'Días perdidos'],
  ['Recordable', 'À déclarer', 'Registrable'],
  ['Details', 'Détails', 'Detalles'],
  ['People', 'Personnes', 'Personas'],
  // Categories.
  ['Injury', 'Blessure', 'Lesión'],
  ['Near Miss', 'Presque-accident', 'Cuasi accidente'],
  ['Property Damage', 'Dommages matériels', 'Daños materiales'],
  ['Environmental', 'Environnement', 'Medioambiental'],
  ['Security', 'Sûreté', 'Seguridad física'],
  // Validation messages.
  ['Please describe what happened', 'Veuillez décrire ce qui s’est passé', 'Describa lo sucedido'],
  ['Please enter the date of the incident', "Veuillez saisir la date de l'incident", 'Introduzca la fecha del incidente'],
  ['Please select a category', 'Veuillez choisir une catégorie', 'Seleccione una categoría'],
  // Workflow.
  ['Complete the incident report', "Compléter la déclaration d'incident", 'Completar el informe del incidente'],
]);
