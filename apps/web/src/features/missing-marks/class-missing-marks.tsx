import { MissingMarksScreen } from './missing-marks';

/** /class/missing/marks: one O-Level class by teacher, naming the students without a mark. */
export default function Screen() {
  return <MissingMarksScreen scope="olevel" />;
}
