/** Info card: a title, a description, a summary and a link. */
import { CardHeading } from '../card-heading.tsx';
import { CardLink } from '../card-link.tsx';
import type { CardProps, CardRenderer } from '../card-types.ts';
import { typeIs } from '../card-types.ts';

function InfoCard({ card }: CardProps) {
  return (
    <>
      <CardHeading card={card} />
      <CardLink card={card} />
    </>
  );
}

export const renderer: CardRenderer = { name: 'Info', tester: typeIs('Info'), component: InfoCard };
