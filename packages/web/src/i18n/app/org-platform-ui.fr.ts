/** French strings of the server tasks page and the Translate action (org-platform-ui.en.ts). */
import type { contentTranslationEn, serverTasksEn, subscriptionEn } from './org-platform-ui.en.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export const serverTasksFr: Widen<typeof serverTasksEn> = {
  title: 'Tâches serveur',
  hint: "Synchronisation de l'annuaire, index de recherche, actualisation des rapports, purge des fichiers.",
  intro: 'Chaque tâche s’exécute sur le serveur pour cette organisation. Son résultat s’affiche sous son bouton.',
  run: 'Lancer',
  running: 'En cours... (cette action peut prendre du temps sur le serveur. Attendez 5 minutes avant de la relancer.)',
  stillRunning: 'La tâche continue sur le serveur.',
  failed: "La tâche n'a pas pu s'exécuter.",
  names: {
    'directory-sync': "Synchronisation de l'annuaire",
    'search-index': "Recalculer l'index de recherche",
    'reporting-refresh': 'Actualiser toutes les périodes de rapport',
    'purge-files': 'Purger les fichiers supprimés',
  },
  descrips: {
    'directory-sync':
      "Synchronisation de l'annuaire : les membres et les membres des groupes suivent l'annuaire de l'organisation (SCIM) ; les personnes qui ne sont plus dans l'organisation ou désactivées quittent tous les groupes.",
    'search-index': "Recalculer l'index de recherche : chaque document est à nouveau indexé pour la recherche.",
    'reporting-refresh': 'Actualiser toutes les périodes de rapport : chaque période ouverte de chaque rapport est recalculée.',
    'purge-files': 'Purger les fichiers supprimés : les fichiers stockés des documents supprimés sont effacés.',
  },
};

export const contentTranslationFr: Widen<typeof contentTranslationEn> = {
  translate: 'Traduire',
  showOriginal: "Voir l'original",
  translated: 'Traduit automatiquement',
  failed: "Le texte n'a pas pu être traduit.",
};

export const subscriptionFr: Widen<typeof subscriptionEn> = {
  title: 'Abonnement',
  hint: 'Société, domaines et inscription par e-mail de cette organisation.',
  operatorOnly: "La suspension ou la réactivation de l'organisation et sa licence sont gérées par l'opérateur de la plateforme.",
};
