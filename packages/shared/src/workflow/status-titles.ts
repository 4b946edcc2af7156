/**
 * The built-in workflow statuses in each language of the app, shared by the web's catalogues and
 * the server's PDF (docs/product/forms-and-lists.md#document-pdf). A status an organisation
 * defines itself is shown as its administrators wrote it.
 */
export const STATUS_TITLES = {
  en: {
    'Pending Completion': 'Pending Completion',
    'Pending Approval': 'Pending Approval',
    'Pending Review': 'Pending Review',
    'Pending Actions': 'Pending Actions',
    Rejected: 'Rejected',
    Approved: 'Approved',
    Closed: 'Closed',
    Overdue: 'Overdue',
  },
  fr: {
    'Pending Completion': 'En attente de réalisation',
    'Pending Approval': "En attente d'approbation",
    'Pending Review': 'En attente de revue',
    'Pending Actions': "En attente d'actions",
    Rejected: 'Rejeté',
    Approved: 'Approuvé',
    Closed: 'Clôturé',
    Overdue: 'En retard',
  },
  es: {
    'Pending Completion': 'Pendiente de completar',
    'Pending Approval': 'Pendiente de aprobación',
    'Pending Review': 'Pendiente de revisión',
    'Pending Actions': 'Pendiente de acciones',
    Rejected: 'Rechazado',
    Approved: 'Aprobado',
    Closed: 'Cerrado',
    Overdue: 'Vencido',
  },
} as const;

/** A status in `lang` (a built-in one translated; any other as written). */
export function statusTitle(status: string, lang: string): string {
  const titles: Record<string, string> = STATUS_TITLES[lang as keyof typeof STATUS_TITLES] ?? STATUS_TITLES.en;
  return titles[status] ?? status;
}
