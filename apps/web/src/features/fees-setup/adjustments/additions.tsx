import { additions } from './adjustment-kinds';
import { AdjustmentsScreen } from './adjustments';

/** /fees/additions: one-off charges per student and term (transport, a trip, a lost item…). */
export default function FeesAdditionsScreen() {
  return <AdjustmentsScreen kind={additions} />;
}
