import { deductions } from './adjustment-kinds';
import { AdjustmentsScreen } from './adjustments';

/** /fees/deductions: one-off discounts per student and term (staff child, siblings…). */
export default function FeesDeductionsScreen() {
  return <AdjustmentsScreen kind={deductions} />;
}
