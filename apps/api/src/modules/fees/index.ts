// The fees area's public face: what other areas and the app may import.

export { feesPaymentDocument, oldPaymentDocument, postOpeningBalance, transferDocument } from './documents.js';
export { feesBalances, studentPosition } from './ledger.js';
export { nextTermFees, termAfter } from './next-term.js';
export { feesOnlineRoutes, syncEveryGateway } from './online.js';
export { feesPaymentsRoutes } from './payments.js';
export { activeMode } from './payments-verb.js';
export { feesReportsRoutes, feesTiles } from './reports.js';
export { feesSetupRoutes } from './setup.js';
export { feesStatementPdf } from './setup-ledger.js';
