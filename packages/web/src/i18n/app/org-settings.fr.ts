import type { orgSettingsEn } from './org-settings.en.ts';

export const orgSettingsFr: typeof orgSettingsEn = {
  settings: 'Paramètres',
  general: 'Paramètres généraux',
  generalHint: 'Ce que tous voient, fuseau horaire et exercice, traduction, catégories.',
  theme: 'Thème',
  themeHint: "Couleurs, image d'arrière-plan, palette des graphiques et densité.",
  storage: 'Stockage',
  storageHint: 'Taille des images, taille maximale des fichiers et espace utilisé.',
  mail: 'Paramètres de messagerie',
  mailHint: 'Import de courriels et boîtes partagées.',
  unknown: "Il n'existe pas de section de paramètres « {{name}} ».",
  usageTitle: 'Espace utilisé',
  usageOf: '{{used}} Mo sur {{limit}} Mo',
  overLimit:
    "La limite de stockage de votre organisation est atteinte : les envois sont refusés jusqu'à ce que des fichiers soient supprimés. Rien de ce qui est stocké n'est perdu.",
  chartLabel: 'Espace utilisé par catégorie, en Mo',
  category: { documents: 'Documents', attachments: 'Pièces jointes', thumbnails: 'Vignettes', mail: 'Courriels', exports: 'Exports' },
  myTheme: 'Mon thème',
  myThemeHint: "Vos propres couleurs par-dessus le thème de l'organisation.",
  resetTheme: "Utiliser le thème de l'organisation",
  primaryColour: 'Couleur principale',
  secondaryColour: 'Couleur secondaire',
  chartPalette: 'Palette des graphiques',
};
