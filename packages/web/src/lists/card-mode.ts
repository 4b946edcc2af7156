/**
 * Document card modes (docs/product/forms-and-lists.md#document-page): 1 full page with header actions,
 * 2 card, 3 horizontal card with image, 4 compact or inline. Each `cards/*.card.tsx` exports one
 * `entry`; the list's card mode uses 2, search results and pickers 4, the document page 1.
 */
import type { ComponentType, ReactNode } from 'react';
import type { DocumentSchema } from '@docket/shared';
import type { Row } from './support/cell-value.ts';

export type CardMode = 1 | 2 | 3 | 4;

export interface DocumentCardProps {
  row: Row;
  type: DocumentSchema | undefined;
  /** Where the card's title links (the document page). */
  href?: string;
  lang: string;
  translate: (text: string) => string;
  /** Buttons or a menu for the card's header or footer. */
  actions?: ReactNode;
  /** The body of a full-page card (the document's fields). */
  children?: ReactNode;
  /** Before the title of a full-page card (its Back button). */
  leading?: ReactNode;
  /** A line above the title: what the document is (search results: its type and display id). */
  overline?: string;
}

export interface CardModeEntry {
  mode: CardMode;
  Component: ComponentType<DocumentCardProps>;
}
