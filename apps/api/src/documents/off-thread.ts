import { reportCardsBook, reportCardsDocument } from './report-card.js';

/**
 * The documents rendered in the PDF workers, by name. A document definition holds functions (table
 * layouts), which cannot cross to a worker, so the worker builds it from the data sent.
 */
export const offThreadDocuments = {
  reportCards: reportCardsDocument,
  reportCardsBook,
};
export type OffThreadDocument = keyof typeof offThreadDocuments;
