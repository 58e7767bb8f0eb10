import { type RequisitionStatus, type RequisitionStep, requisitionSteps } from '@somero/contract';

export { type RequisitionStep, requisitionSteps };

/** Where each step may start from, and where it leaves the requisition. */
const steps: Record<RequisitionStep, { from: readonly RequisitionStatus[]; to: RequisitionStatus; done: string }> = {
  check: { from: ['submitted'], to: 'checked', done: 'checked' },
  reject: { from: ['submitted', 'checked'], to: 'rejected', done: 'rejected' },
  approve: { from: ['checked'], to: 'approved', done: 'approved' },
  pay: { from: ['approved'], to: 'paid', done: 'paid' },
  return: { from: ['submitted', 'rejected'], to: 'returned', done: 'returned for editing' },
  delete: { from: ['submitted', 'checked', 'rejected'], to: 'deleted', done: 'deleted' },
};

export const statusAfter = (step: RequisitionStep): RequisitionStatus => steps[step].to;

/** What a requisition waits for: the step its status leads to next, or none once it is closed. */
export function waitingFor(status: RequisitionStatus): RequisitionStep | null {
  if (status === 'submitted') return 'check';
  if (status === 'checked') return 'approve';
  if (status === 'approved') return 'pay';
  return null;
}

/** The statuses waiting for a step (those `waitingFor` gives one). */
export const waitingStatuses = ['submitted', 'checked', 'approved'] as const;

export interface Refused {
  /** 'state': the requisition is not where the step starts (409); 'person': not by this user (202). */
  kind: 'state' | 'person';
  message: string;
}

/**
 * Why `userId` may not take `step` on a requisition, or null. A step starts only from its statuses. The
 * one who raised it alone returns it for editing (the lines go back to their cart). With the school's
 * separation of steps, the one who raised it neither checks, rejects nor approves it, and the one who
 * checked it does not approve it.
 */
export function stepRefusal(
  step: RequisitionStep,
  requisition: { status: RequisitionStatus; raisedBy: number | null; checkedBy: number | null; number: number },
  userId: number | null,
  separate: boolean,
): Refused | null {
  const { from } = steps[step];
  if (!from.includes(requisition.status)) {
    const done = steps[step].done;
    return {
      kind: 'state',
      message: `Requisition ${requisition.number} is ${requisition.status}: it cannot be ${done} now.`,
    };
  }
  if (step === 'return' && requisition.raisedBy !== userId)
    return { kind: 'person', message: 'Only the one who raised a requisition returns it for editing.' };
  if (!separate) return null;
  if ((step === 'check' || step === 'reject' || step === 'approve') && requisition.raisedBy === userId)
    return {
      kind: 'person',
      message: `You raised requisition ${requisition.number}: another user must ${step === 'approve' ? 'approve' : 'check'} it.`,
    };
  if (step === 'approve' && requisition.checkedBy === userId)
    return {
      kind: 'person',
      message: `You checked requisition ${requisition.number}: another user must approve it.`,
    };
  return null;
}

/** How many of an item's latest purchases its usual price is taken from. */
export const purchasesForUsualPrice = 5;
/** A requisition's unit cost above this many times the item's usual price asks to be confirmed. */
export const farAboveUsual = 2;

/**
 * An item's usual price: the median unit cost of its latest purchases (lines of valid expenses, paid
 * requisitions included, newest first, at most `purchasesForUsualPrice`), so one odd purchase moves it
 * little; never bought, the usual unit cost written on the item; neither: none (nothing to compare with).
 */
export function usualPrice(latest: number[], listed: number): number | null {
  const costs = latest
    .slice(0, purchasesForUsualPrice)
    .filter((c) => c > 0)
    .sort((a, b) => a - b);
  if (costs.length === 0) return listed > 0 ? listed : null;
  const mid = Math.floor(costs.length / 2);
  return costs.length % 2
    ? (costs[mid] as number)
    : Math.round(((costs[mid - 1] as number) + (costs[mid] as number)) / 2);
}

const ugx = (n: number) => `UGX ${n.toLocaleString('en-GB')}`;

/**
 * The question a requisition line asks when its unit cost is more than `farAboveUsual` times the usual
 * price (a typing slip, or a price to look at twice), or null.
 */
export function priceQuestion(
  item: { name: string; unit: string | null },
  unitCost: number,
  usual: { price: number | null; bought: number },
): string | null {
  if (usual.price === null || unitCost <= usual.price * farAboveUsual) return null;
  const per = item.unit ? ` a ${item.unit}` : ' each';
  const basis =
    usual.bought > 0
      ? `the usual price of ${ugx(usual.price)} (from its last ${usual.bought === 1 ? 'purchase' : `${usual.bought} purchases`})`
      : `its usual unit cost of ${ugx(usual.price)}`;
  return `${item.name} at ${ugx(unitCost)}${per} is more than ${farAboveUsual} times ${basis}. Put it in the requisition at this price?`;
}
