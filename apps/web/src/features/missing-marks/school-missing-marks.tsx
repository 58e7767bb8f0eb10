import { MissingMarksScreen } from './missing-marks';

/** /missing/marks: the whole school by teacher (counts per class, stream and subject; names once a class is chosen). */
export default function Screen() {
  return <MissingMarksScreen scope="school" />;
}
