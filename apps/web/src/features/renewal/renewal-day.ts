import { formatLondon } from '@forecourt/domain/dates';

/** A renewal page's date: '1 November 2027' in London. */
export const renewalDay = (iso: string | null | undefined) => (iso ? formatLondon(iso, 'd MMMM yyyy') : '');
