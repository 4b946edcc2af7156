/**
 * French and Spanish texts of the risk assessment and its risk matrix (keys are the English
 * texts; see translations.ts). Matrix levels agree with 'probabilité', 'gravité' and 'criticité'
 * (feminine in both languages).
 */
import { translations } from './translations.ts';

export const riskAssessmentI18n = translations([
  [
    'Risk assessments: hazards rated on the risk matrix before and after controls.',
    'Évaluations des risques : dangers cotés sur la matrice des risques avant et après mesures de maîtrise.',
    'Evaluaciones de riesgos: peligros valorados en la matriz de riesgos antes y después de los controles.',
  ],
  ['Risk Assessment', 'Évaluation des risques', 'Evaluación de riesgos'],
  ['Risk Assessments', 'Évaluations des risques', 'Evaluaciones de riesgos'],
  ['Please describe the hazard', 'Veuillez décrire le danger', 'Describa el peligro'],
  ['Please rate the risk', 'Veuillez coter le risque', 'Valore el riesgo'],
  ['Please select at least one assessor', 'Veuillez choisir au moins un évaluateur', 'Seleccione al menos un evaluador'],
  ['Activity or task', 'Activité ou tâche', 'Actividad o tarea'],
  ['Assessment date', "Date de l'évaluation", 'Fecha de la evaluación'],
  ['Assessors', 'Évaluateurs', 'Evaluadores'],
  ['Hazard', 'Danger', 'Peligro'],
  ['Risk', 'Risque', 'Riesgo'],
  ['Selected values', 'Valeurs choisies', 'Valores seleccionados'],
  ['Score', 'Score', 'Puntuación'],
  ['Criticality', 'Criticité', 'Criticidad'],
  ['Investigation required', 'Enquête requise', 'Investigación necesaria'],
  ['Controls', 'Mesures de maîtrise', 'Medidas de control'],
  ['Residual risk', 'Risque résiduel', 'Riesgo residual'],
  ['Next review date', 'Date de la prochaine revue', 'Fecha de la próxima revisión'],
  ['Assessment', 'Évaluation', 'Evaluación'],
  ['Assessed', 'Évalué le', 'Evaluado'],
  ['Risk score', 'Score de risque', 'Puntuación de riesgo'],
  ['Assessors complete the assessment', "Les évaluateurs réalisent l'évaluation", 'Los evaluadores completan la evaluación'],
  ['Risk matrix', 'Matrice des risques', 'Matriz de riesgos'],
  ['Risk matrix (categories)', 'Matrice des risques (catégories)', 'Matriz de riesgos (categorías)'],
  ['Likelihood', 'Probabilité', 'Probabilidad'],
  ['Unlikely', 'Improbable', 'Improbable'],
  ['Possible', 'Possible', 'Posible'],
  ['Likely', 'Probable', 'Probable'],
  ['Almost certain', 'Quasi certaine', 'Casi segura'],
  ['Severity', 'Gravité', 'Gravedad'],
  ['Insignificant', 'Négligeable', 'Insignificante'],
  ['Catastrophic', 'Catastrophique', 'Catastrófica'],
  ['Low risk (score 2 to 4)', 'Risque faible (score de 2 à 4)', 'Riesgo bajo (puntuación de 2 a 4)'],
  ['Manage by routine procedures.', 'Gérer par les procédures courantes.', 'Gestionar con los procedimientos habituales.'],
  ['Medium risk (score 5 to 6)', 'Risque moyen (score de 5 à 6)', 'Riesgo medio (puntuación de 5 a 6)'],
  [
    'Assign management responsibility and monitor.',
    'Désigner un responsable de la maîtrise et assurer le suivi.',
    'Asignar la responsabilidad de gestión y hacer seguimiento.',
  ],
  ['High risk (score 7 to 8)', 'Risque élevé (score de 7 à 8)', 'Riesgo alto (puntuación de 7 a 8)'],
  ['Senior management attention needed.', "L'attention de la direction est nécessaire.", 'Requiere la atención de la dirección.'],
  ['Extreme risk (score 9 to 10)', 'Risque extrême (score de 9 à 10)', 'Riesgo extremo (puntuación de 9 a 10)'],
  [
    'Stop the activity; immediate action required.',
    "Arrêter l'activité ; action immédiate requise.",
    'Detener la actividad; se requiere una acción inmediata.',
  ],
]);
