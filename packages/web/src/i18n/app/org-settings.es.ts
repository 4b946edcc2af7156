import type { orgSettingsEn } from './org-settings.en.ts';

export const orgSettingsEs: typeof orgSettingsEn = {
  settings: 'Configuración',
  general: 'Configuración general',
  generalHint: 'Lo que todos ven, zona horaria y ejercicio, traducción, categorías.',
  theme: 'Tema',
  themeHint: 'Colores, imagen de fondo, paleta de gráficos y densidad.',
  storage: 'Almacenamiento',
  storageHint: 'Tamaño de imágenes, límite de archivos y espacio usado.',
  mail: 'Configuración de correo',
  mailHint: 'Importación de correo y buzones compartidos.',
  unknown: 'No existe la sección de configuración «{{name}}».',
  usageTitle: 'Espacio usado',
  usageOf: '{{used}} MB de {{limit}} MB',
  overLimit:
    'Se alcanzó el límite de almacenamiento de su organización: no se aceptan archivos hasta que se eliminen otros. No se pierde nada de lo guardado.',
  chartLabel: 'Espacio usado por categoría, en MB',
  category: { documents: 'Documentos', attachments: 'Adjuntos', thumbnails: 'Miniaturas', mail: 'Correo', exports: 'Exportaciones' },
  myTheme: 'Mi tema',
  myThemeHint: 'Sus propios colores sobre el tema de la organización.',
  resetTheme: 'Usar el tema de la organización',
  primaryColour: 'Color principal',
  secondaryColour: 'Color secundario',
  chartPalette: 'Paleta de gráficos',
};
