/** French and Spanish texts of the subscription (keys are the English texts; see translations.ts). */
import { translations } from './translations.ts';

export const subscriptionI18n = translations([
  [
    'Subscription: the organisation record, its domains and licence.',
    "Abonnement : la fiche de l'organisation, ses domaines et sa licence.",
    'Suscripción: la ficha de la organización, sus dominios y su licencia.',
  ],
  ['Subscription', 'Abonnement', 'Suscripción'],
  ['Subscriptions', 'Abonnements', 'Suscripciones'],
  ['Please enter the company name', "Veuillez saisir le nom de l'entreprise", 'Introduzca el nombre de la empresa'],
  ['Please enter the primary domain', 'Veuillez saisir le domaine principal', 'Introduzca el dominio principal'],
  ['Company', 'Entreprise', 'Empresa'],
  ['Primary domain', 'Domaine principal', 'Dominio principal'],
  ['Customer schema', 'Schéma client', 'Esquema del cliente'],
  ['Allow e-mail sign-up', "Autoriser l'inscription par e-mail", 'Permitir el registro por correo'],
  ['Authorised domains', 'Domaines autorisés', 'Dominios autorizados'],
  ['Licence', 'Licence', 'Licencia'],
  ['Plan', 'Formule', 'Plan'],
  ['Seats', 'Postes', 'Puestos'],
  ['Expiry date', "Date d'expiration", 'Fecha de caducidad'],
  ['Organisation', 'Organisation', 'Organización'],
]);
