import type { shortcutsEn } from './shortcuts-ui.en.ts';

export const shortcutsFr: typeof shortcutsEn = {
  title: 'Raccourcis clavier',
  then: 'puis',
  scopeGeneral: 'Général',
  scopeNavigation: 'Aller à',
  scopeList: 'Listes',
  scopeForm: 'Formulaires',
  showHelp: 'Afficher les raccourcis clavier',
  focusSearch: 'Rechercher',
  goDashboard: 'Tableau de bord',
  goActivity: 'Activité récente',
  goSearch: 'Écran de recherche',
  create: 'Créer un document',
  refresh: 'Actualiser la liste',
  save: 'Enregistrer',
};
