/** Spanish strings of the server tasks page and the Translate action (org-platform-ui.en.ts). */
import type { contentTranslationEn, serverTasksEn, subscriptionEn } from './org-platform-ui.en.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export const serverTasksEs: Widen<typeof serverTasksEn> = {
  title: 'Tareas del servidor',
  hint: 'Sincronización del directorio, índice de búsqueda, actualización de informes, purga de archivos.',
  intro: 'Cada tarea se ejecuta en el servidor para esta organización. Su resultado aparece bajo su botón.',
  run: 'Ejecutar',
  running: 'En ejecución... (esta acción puede tardar en el servidor. Espere 5 minutos antes de ejecutarla de nuevo.)',
  stillRunning: 'La tarea continúa en el servidor.',
  failed: 'La tarea no se pudo ejecutar.',
  names: {
    'directory-sync': 'Sincronización del directorio',
    'search-index': 'Recalcular el índice de búsqueda',
    'reporting-refresh': 'Actualizar todos los periodos de informes',
    'purge-files': 'Purgar archivos eliminados',
  },
  descrips: {
    'directory-sync':
      'Sincronización del directorio: los miembros y los miembros de los grupos siguen el directorio de la organización (SCIM); las personas que ya no están en la organización o están desactivadas salen de todos los grupos.',
    'search-index': 'Recalcular el índice de búsqueda: cada documento se indexa de nuevo para la búsqueda.',
    'reporting-refresh': 'Actualizar todos los periodos de informes: cada periodo abierto de cada informe se calcula de nuevo.',
    'purge-files': 'Purgar archivos eliminados: se eliminan los archivos almacenados de los documentos eliminados.',
  },
};

export const contentTranslationEs: Widen<typeof contentTranslationEn> = {
  translate: 'Traducir',
  showOriginal: 'Ver original',
  translated: 'Traducido automáticamente',
  failed: 'No se pudo traducir el texto.',
};

export const subscriptionEs: Widen<typeof subscriptionEn> = {
  title: 'Suscripción',
  hint: 'Empresa, dominios y registro por correo de esta organización.',
  operatorOnly: 'La suspensión o reactivación de la organización y su licencia las gestiona el operador de la plataforma.',
};
