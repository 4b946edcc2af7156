/**
 * The generated forms of the settings sections (docs/product/administration.md#settings): each
 * section's schema comes from shared, so the form refuses what the server refuses; this file adds
 * only the layout and the French and Spanish field titles.
 */
import { orgSettingsSchemas, type DocumentSchema, type OrgSettingsSectionName, type UiSchemaElement } from '@docket/shared';

const control = (name: string): UiSchemaElement => ({ type: 'Control', scope: `#/properties/${name}` });
const row = (...names: string[]): UiSchemaElement => ({ type: 'HorizontalLayout', elements: names.map(control) });
const group = (label: string, ...elements: UiSchemaElement[]): UiSchemaElement => ({ type: 'Group', label, elements });

const layouts: Record<OrgSettingsSectionName, UiSchemaElement> = {
  general: {
    type: 'VerticalLayout',
    elements: [
      group(
        'Shown to everyone',
        row('showPersonal', 'showActivity', 'showNews'),
        row('showReportsTopLevel', 'showSearch', 'themeUserAllow'),
      ),
      group('Reporting', row('time_zone', 'fiscal_year_start_month')),
      group(
        'Automatic translation',
        control('translation'),
        control('translation_url'),
        row('translation_api_key', 'translation_api_key_set'),
      ),
      group('Categories', row('highlight', 'highlightField'), control('categories')),
      control('metrics'),
    ],
  },
  theme: {
    type: 'VerticalLayout',
    elements: [
      row('primaryColor', 'secondaryColor'),
      row('backgroundColor', 'backgroundColorDark'),
      row('backgroundImageUri', 'blur'),
      row('drawerColor', 'drawerColorText'),
      row('chartPalette', 'density'),
    ],
  },
  storage: { type: 'VerticalLayout', elements: [row('maxImageSize', 'thumbQuality'), row('imageCompression', 'maxFileMb')] },
  mail: {
    type: 'VerticalLayout',
    elements: [control('imap_enabled'), row('microsoft_enabled', 'microsoft_unread'), control('shared_mailboxes')],
  },
};

const TITLES: Record<OrgSettingsSectionName, string> = {
  general: 'General settings',
  theme: 'Theme',
  storage: 'Storage',
  mail: 'Mail settings',
};

const fr: Record<string, string> = {
  'General settings': 'Paramètres généraux',
  Theme: 'Thème',
  Storage: 'Stockage',
  'Mail settings': 'Paramètres de messagerie',
  'Shown to everyone': 'Affiché à tous',
  Reporting: 'Rapports',
  'Automatic translation': 'Traduction automatique',
  'Translation service address': 'Adresse du service de traduction',
  'Translation service key (leave empty to keep)': 'Clé du service de traduction (laisser vide pour la garder)',
  'A translation key is stored': 'Une clé de traduction est enregistrée',
  'Users may set their own theme': 'Les utilisateurs peuvent choisir leur thème',
  'Show personal': 'Afficher « Personnel »',
  'Show activity': "Afficher l'activité",
  'Show news': 'Afficher les actualités',
  'Show reports at the top level': 'Afficher les rapports au premier niveau',
  'Show search': 'Afficher la recherche',
  'Time zone': 'Fuseau horaire',
  'Fiscal year starts in': "L'exercice commence en",
  January: 'Janvier',
  February: 'Février',
  March: 'Mars',
  April: 'Avril',
  May: 'Mai',
  June: 'Juin',
  July: 'Juillet',
  August: 'Août',
  September: 'Septembre',
  October: 'Octobre',
  November: 'Novembre',
  December: 'Décembre',
  Highlight: 'Mise en évidence',
  'Highlight field': 'Champ mis en évidence',
  None: 'Aucune',
  Category: 'Catégorie',
  Field: 'Champ',
  Categories: 'Catégories',
  Title: 'Titre',
  Description: 'Description',
  Colour: 'Couleur',
  'Default metrics': 'Indicateurs par défaut',
  Report: 'Rapport',
  Metric: 'Indicateur',
  'Metric scope': "Portée de l'indicateur",
  'Sub-metric': 'Sous-indicateur',
  'Sub-category': 'Sous-catégorie',
  Virtual: 'Virtuel',
  'Primary colour': 'Couleur principale',
  'Secondary colour': 'Couleur secondaire',
  'Background (light)': 'Fond (clair)',
  'Background (dark)': 'Fond (sombre)',
  'Background image': "Image d'arrière-plan",
  'Background blur (px)': "Flou de l'arrière-plan (px)",
  'Drawer colour': 'Couleur du menu',
  'Drawer text colour': 'Couleur du texte du menu',
  'Chart palette': 'Palette des graphiques',
  Density: 'Densité',
  Small: 'Petite',
  Medium: 'Moyenne',
  Large: 'Grande',
  'Largest image side (px)': "Plus grand côté d'image (px)",
  'Image compression': "Compression d'image",
  'Thumbnail size (px)': 'Taille des vignettes (px)',
  'File size limit (MB)': 'Taille maximale de fichier (Mo)',
  'Mail import (IMAP) enabled': 'Import de courriels (IMAP) activé',
  'Personal Microsoft mailbox enabled': 'Boîte Microsoft personnelle activée',
  'Personal mailbox: unread only': 'Boîte personnelle : non lus seulement',
  'Shared mailboxes': 'Boîtes partagées',
  'Mailbox address': 'Adresse de la boîte',
  'Unread only': 'Non lus seulement',
};

const es: Record<string, string> = {
  'General settings': 'Configuración general',
  Theme: 'Tema',
  Storage: 'Almacenamiento',
  'Mail settings': 'Configuración de correo',
  'Shown to everyone': 'Visible para todos',
  Reporting: 'Informes',
  'Automatic translation': 'Traducción automática',
  'Translation service address': 'Dirección del servicio de traducción',
  'Translation service key (leave empty to keep)': 'Clave del servicio de traducción (vacía para conservarla)',
  'A translation key is stored': 'Hay una clave de traducción guardada',
  'Users may set their own theme': 'Los usuarios pueden elegir su tema',
  'Time zone': 'Zona horaria',
  'Fiscal year starts in': 'El ejercicio empieza en',
  Categories: 'Categorías',
  Title: 'Título',
  Colour: 'Color',
  'Primary colour': 'Color principal',
  'Secondary colour': 'Color secundario',
  'Background (light)': 'Fondo (claro)',
  'Background (dark)': 'Fondo (oscuro)',
  'Background image': 'Imagen de fondo',
  'Chart palette': 'Paleta de gráficos',
  Density: 'Densidad',
  'Shared mailboxes': 'Buzones compartidos',
};

export function settingsFormOf(name: OrgSettingsSectionName): DocumentSchema {
  return {
    version: 3,
    type: '$$settings',
    requiredRoles: ['administrator'],
    i18n: { locales: ['fr', 'es'], data: { fr, es } },
    form: { title: TITLES[name], schema: orgSettingsSchemas[name], uiSchema: layouts[name] },
  };
}

export const settingsTitleOf = (name: OrgSettingsSectionName): string => TITLES[name];
