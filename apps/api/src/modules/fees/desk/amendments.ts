import { feesPaymentAmendmentList, oldPaymentAmendmentList } from '@somero/contract';
import type { ModuleContext } from '../../module.js';
import { feesPaymentDocument, oldPaymentDocument } from '../documents.js';

/** A payment's amendments, oldest first, from the money documents' one history (an old payment's reason may be empty). */
export function amendmentRoutes({ serve }: ModuleContext) {
  serve(feesPaymentAmendmentList, async ({ id, scope }) => ({ data: await feesPaymentDocument.history(scope, id) }));
  serve(oldPaymentAmendmentList, async ({ id, scope }) => ({ data: await oldPaymentDocument.history(scope, id) }));
}
