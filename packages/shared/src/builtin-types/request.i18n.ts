/** French and Spanish texts of the request (keys are the English texts; see translations.ts). */
import { translations } from './translations.ts';

export const requestI18n = translations([
  [
    'Requests: reports, concerns and suggestions, including those imported from mail.',
    'Demandes : signalements, préoccupations et suggestions, y compris celles reçues par e-mail.',
    'Solicitudes: avisos, inquietudes y sugerencias, incluidas las recibidas por correo.',
  ],
  ['Request', 'Demande', 'Solicitud'],
  ['Requests', 'Demandes', 'Solicitudes'],
  ['Please enter a subject', 'Veuillez saisir un objet', 'Introduzca un asunto'],
  ['Please enter the reported date', 'Veuillez saisir la date du signalement', 'Introduzca la fecha del aviso'],
  ['Subject', 'Objet', 'Asunto'],
  ['Reporter', 'Déclarant', 'Informante'],
  ['Reporter category', 'Catégorie du déclarant', 'Categoría del informante'],
  ['Anonymous', 'Anonyme', 'Anónimo'],
  ['Reported date', 'Date du signalement', 'Fecha del aviso'],
  ['Reported', 'Signalé le', 'Avisado'],
  ['A site manager reviews the request', 'Un responsable de site examine la demande', 'Un responsable del centro revisa la solicitud'],
  [
    'The actionees resolve the request',
    'Les responsables des actions traitent la demande',
    'Los responsables de acciones resuelven la solicitud',
  ],
]);
