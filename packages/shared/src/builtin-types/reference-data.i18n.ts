/** French and Spanish texts of the reference data types (keys are the English texts; see translations.ts). */
import { translations } from './translations.ts';

export const regionI18n = translations([
  [
    'Regions group sites; region-scoped roles and reports use them.',
    'Les régions regroupent les sites ; les rôles et rapports par région s’y réfèrent.',
    'Las regiones agrupan los centros; los roles e informes por región las utilizan.',
  ],
  ['Regions', 'Régions', 'Regiones'],
  ['Please enter the region name', 'Veuillez saisir le nom de la région', 'Introduzca el nombre de la región'],
  ['Region name', 'Nom de la région', 'Nombre de la región'],
]);

export const siteI18n = translations([
  [
    'Sites (locations, plants, offices), each in one region.',
    'Sites (établissements, usines, bureaux), chacun dans une région.',
    'Centros (instalaciones, plantas, oficinas), cada uno en una región.',
  ],
  ['Sites', 'Sites', 'Centros'],
  ['Please enter the site name', 'Veuillez saisir le nom du site', 'Introduzca el nombre del centro'],
  ['Site name', 'Nom du site', 'Nombre del centro'],
]);

export const zoneI18n = translations([
  ['Zones (areas) within a site.', "Zones (secteurs) d'un site.", 'Zonas (áreas) dentro de un centro.'],
  ['Zones', 'Zones', 'Zonas'],
  ['Please enter the zone name', 'Veuillez saisir le nom de la zone', 'Introduzca el nombre de la zona'],
  ['Zone name', 'Nom de la zone', 'Nombre de la zona'],
]);

export const moduleI18n = translations([
  [
    'Business modules (functions) documents and report scopes belong to; module 1 is the default.',
    'Modules métier (fonctions) auxquels appartiennent les documents et les périmètres de rapport ; le module 1 est celui par défaut.',
    'Módulos de negocio (funciones) a los que pertenecen los documentos y los ámbitos de informe; el módulo 1 es el predeterminado.',
  ],
  ['Modules', 'Modules', 'Módulos'],
  ['Please enter the module name', 'Veuillez saisir le nom du module', 'Introduzca el nombre del módulo'],
  ['Module name', 'Nom du module', 'Nombre del módulo'],
]);

export const clientI18n = translations([
  [
    'Clients (customers) that projects and report scopes refer to.',
    'Clients auxquels se rattachent les projets et les périmètres de rapport.',
    'Clientes a los que se refieren los proyectos y los ámbitos de informe.',
  ],
  ['Clients', 'Clients', 'Clientes'],
  ['Please enter the client name', 'Veuillez saisir le nom du client', 'Introduzca el nombre del cliente'],
  ['Client name', 'Nom du client', 'Nombre del cliente'],
]);

export const projectI18n = translations([
  ['Projects, each for one client.', 'Projets, chacun pour un client.', 'Proyectos, cada uno para un cliente.'],
  ['Projects', 'Projets', 'Proyectos'],
  ['Please enter the project name', 'Veuillez saisir le nom du projet', 'Introduzca el nombre del proyecto'],
  ['Project name', 'Nom du projet', 'Nombre del proyecto'],
]);
