import { students } from '@somero/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { now } from '../../../core/dates.js';
import type { SchoolScope } from '../../../core/scope.js';
import type { ProviderTransaction } from './schoolpay.js';

/**
 * THE DEMO SCHOOL'S SIMULATOR, not a payment provider. Only the school flagged `schools.demo` (the seeded
 * demo) uses it, and only while it has no SchoolPay account turned on, so that "check for new online
 * payments" shows something: each check invents a few SchoolPay-like payments for existing students'
 * payment codes, and one with a code nobody has, which waits on the pending list.
 */
export async function simulatedTransactions(scope: SchoolScope): Promise<ProviderTransaction[]> {
  const picked = await scope.db
    .select({ code: students.paymentCode, surname: students.surname, otherNames: students.otherNames })
    .from(students)
    .where(scope.mine(students, and(eq(students.status, 'current'), isNotNull(students.paymentCode))))
    .orderBy(sql`random()`)
    .limit(3);
  const stamp = now().getTime().toString(36).toUpperCase();
  const channels = ['MTN MoMo', 'Airtel Money', 'Stanbic Bank'];
  const list = [
    ...picked.map((p) => ({ code: p.code as string, name: `${p.surname} ${p.otherNames}`.toUpperCase() })),
    { code: '00000000', name: 'UNKNOWN PAYER' },
  ];
  return list.map((p, i) => {
    const raw = {
      schoolpayReceiptNumber: `SIM-${stamp}-${i + 1}`,
      studentPaymentCode: p.code,
      studentName: p.name,
      amount: (50 + Math.floor(Math.random() * 20) * 25) * 1000,
      sourcePaymentChannel: channels[i % channels.length],
      sourceChannelTransactionId: `SIMTX${stamp}${i}`,
      paymentDateAndTime: now().toISOString(),
      transactionCompletionStatus: 'Completed',
      simulated: true,
    };
    return {
      receiptNo: raw.schoolpayReceiptNumber,
      paymentCode: raw.studentPaymentCode,
      studentName: raw.studentName,
      amount: raw.amount,
      channel: raw.sourcePaymentChannel,
      channelTransactionId: raw.sourceChannelTransactionId,
      paidAt: now(),
      completed: true,
      raw,
    };
  });
}
