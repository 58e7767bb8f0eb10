// The fees area's public face: what other areas and the app may import.

export { feesPaymentsRoutes } from './desk/payments.js';
export { activeMode } from './desk/record.js';
export { feesPaymentDocument, oldPaymentDocument, postOpeningBalance, transferDocument } from './documents.js';
export { feesBalances } from './ledger/balances.js';
export { feesStatementPdf } from './ledger/statement.js';
export { feesOnlineRoutes, syncEveryGateway } from './online/sync.js';
export { feesReportsRoutes, feesTiles } from './reports/routes.js';
export { nextTermFees, termAfter } from './setup/next-term.js';
export { feesSetupRoutes } from './setup/structures.js';
