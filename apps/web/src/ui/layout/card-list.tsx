import { formatRegistrationMark } from '@forecourt/domain/patterns';
import type { HTMLAttributes, LiHTMLAttributes, ReactNode } from 'react';
import styles from './card-list.module.css';

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** A list of cards (home's policies and quotes): one surface per item, a name line and meta lines. */
export function CardList({ className, ...rest }: HTMLAttributes<HTMLUListElement>) {
  return <ul {...rest} className={join(styles.list, className)} />;
}

/** One card of a `CardList`; `className` adds the item's own layout. */
export function CardListItem({ className, ...rest }: LiHTMLAttributes<HTMLLIElement>) {
  return <li {...rest} className={join(styles.item, className)} />;
}

/** The card's bold name line. */
export function CardName({ children }: { children: ReactNode }) {
  return <p className={styles.name}>{children}</p>;
}

/** A muted line of facts under the name. */
export function CardMeta({ children }: { children: ReactNode }) {
  return <p className={styles.meta}>{children}</p>;
}

/** A registration mark shown as a number plate. */
export function Plate({ vrn }: { vrn: string }) {
  return <span className={styles.plate}>{formatRegistrationMark(vrn)}</span>;
}
