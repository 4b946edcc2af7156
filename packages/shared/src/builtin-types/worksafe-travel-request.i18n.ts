/** French and Spanish texts of the travel request (keys are the English texts; see translations.ts). */
import { translations } from './translations.ts';

export const travelRequestI18n = translations([
  [
    'Travel requests: journeys approved before departure.',
    'Demandes de déplacement : trajets approuvés avant le départ.',
    'Solicitudes de viaje: desplazamientos aprobados antes de la salida.',
  ],
  ['Travel Request', 'Demande de déplacement', 'Solicitud de viaje'],
  ['Travel Requests', 'Demandes de déplacement', 'Solicitudes de viaje'],
  ['Please enter the destination', 'Veuillez saisir la destination', 'Introduzca el destino'],
  ['Please enter the purpose of the journey', 'Veuillez saisir le motif du déplacement', 'Introduzca el motivo del viaje'],
  ['Please enter the departure date', 'Veuillez saisir la date de départ', 'Introduzca la fecha de salida'],
  ['Please enter the return date', 'Veuillez saisir la date de retour', 'Introduzca la fecha de regreso'],
  ['Please select at least one approver', 'Veuillez choisir au moins un approbateur', 'Seleccione al menos un aprobador'],
  ['Destination', 'Destination', 'Destino'],
  ['Purpose', 'Motif', 'Motivo'],
  ['Departure date', 'Date de départ', 'Fecha de salida'],
  ['Return date', 'Date de retour', 'Fecha de regreso'],
  ['Travellers', 'Voyageurs', 'Viajeros'],
  ['Approvers', 'Approbateurs', 'Aprobadores'],
  ['Estimated cost', 'Coût estimé', 'Coste estimado'],
  ['Departure', 'Départ', 'Salida'],
  ['Return', 'Retour', 'Regreso'],
  ['The approvers approve the journey', 'Les approbateurs approuvent le déplacement', 'Los aprobadores aprueban el viaje'],
]);
