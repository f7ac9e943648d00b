/** The trade records' icon (a ruled sheet with a clock), for the entries on "My" and in the account menu. */
import { Svg, type P } from './icons';

export const IconRecords = (p: P) => (
  <Svg {...p}>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h6" />
    <path d="M8 8h8M8 12h5M8 16h3" />
    <circle cx="17.5" cy="17.5" r="3.5" />
    <path d="M17.5 16v1.5l1 1" />
  </Svg>
);
