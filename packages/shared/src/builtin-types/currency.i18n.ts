/** French and Spanish texts of the currency (keys are the English texts; see translations.ts). */
import { translations } from './translations.ts';

export const currencyI18n = translations([
  [
    'Currencies for cost tracking, with their rate to the base currency.',
    'Devises pour le suivi des coûts, avec leur taux par rapport à la devise de référence.',
    'Monedas para el seguimiento de costes, con su tipo de cambio respecto a la moneda base.',
  ],
  ['Currencies', 'Devises', 'Monedas'],
  ['Please enter a symbol', 'Veuillez saisir un symbole', 'Introduzca un símbolo'],
  ['Symbol', 'Symbole', 'Símbolo'],
  ['Base currency', 'Devise de référence', 'Moneda base'],
  ['Rate to base currency', 'Taux par rapport à la devise de référence', 'Tipo de cambio respecto a la moneda base'],
  ['The rate of the base currency is 1', 'Le taux de la devise de référence est 1', 'El tipo de cambio de la moneda base es 1'],
  ['Rate to base', 'Taux de référence', 'Tipo de cambio'],
  ['Base', 'Référence', 'Base'],
]);
