/** Column helpers shared by the row types of `../tables.ts`. */
import type { ColumnType } from 'kysely';

/** A nullable column an insert may leave out (it starts null). */
export type NullUntilSet<T> = ColumnType<T | null, T | null | undefined, T | null>;
