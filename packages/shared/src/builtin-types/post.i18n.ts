/** French and Spanish texts of the post (keys are the English texts; see translations.ts). */
import { translations } from './translations.ts';

export const postI18n = translations([
  [
    'News and posts shown to everyone in the organisation.',
    "Actualités et publications visibles par toute l'organisation.",
    'Noticias y publicaciones visibles para toda la organización.',
  ],
  ['Post', 'Publication', 'Publicación'],
  ['News and Posts', 'Actualités et publications', 'Noticias y publicaciones'],
  ['Please enter the content of the post', 'Veuillez saisir le contenu de la publication', 'Introduzca el contenido de la publicación'],
  ['Content', 'Contenu', 'Contenido'],
  ['Tags', 'Étiquettes', 'Etiquetas'],
  ['Publish date', 'Date de publication', 'Fecha de publicación'],
  ['Pinned', 'Épinglé', 'Fijado'],
  ['Published', 'Publié le', 'Publicado'],
  ['Author', 'Auteur', 'Autor'],
]);
