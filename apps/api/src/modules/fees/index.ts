// The fees area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { feesPaymentsRoutes } from './desk/payments.js';
import { feesOnlineRoutes } from './online/sync.js';
import { feesReportsRoutes } from './reports/routes.js';
import { feesSetupRoutes } from './setup/structures.js';

export { activeMode } from './desk/record.js';
export { feesPaymentDocument, oldPaymentDocument, postOpeningBalance, transferDocument } from './documents.js';
export { feesBalances, studentPosition } from './ledger/balances.js';
export { feesStatementPdf } from './ledger/statement.js';
export { syncEveryGateway } from './online/sync.js';
export { feesTiles } from './reports/routes.js';
export { nextTermFees, termAfter } from './setup/next-term.js';

/** The fees area as the app registers it (`modules/areas.ts`): its parts' routes in this order. */
export const area: Area = {
  name: 'fees',
  routes(ctx) {
    feesSetupRoutes(ctx);
    feesPaymentsRoutes(ctx);
    feesOnlineRoutes(ctx);
    feesReportsRoutes(ctx);
  },
};
