import type { shortcutsEn } from './shortcuts-ui.en.ts';

export const shortcutsEs: typeof shortcutsEn = {
  title: 'Atajos de teclado',
  then: 'y luego',
  scopeGeneral: 'General',
  scopeNavigation: 'Ir a',
  scopeList: 'Listas',
  scopeForm: 'Formularios',
  showHelp: 'Mostrar los atajos de teclado',
  focusSearch: 'Buscar',
  goDashboard: 'Panel',
  goActivity: 'Actividad reciente',
  goSearch: 'Pantalla de búsqueda',
  create: 'Crear un documento',
  refresh: 'Actualizar la lista',
  save: 'Guardar',
};
