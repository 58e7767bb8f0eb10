import { MissingMarksScreen } from './missing-marks';

/** /alevel/missing/marks: one A-Level class by teacher, per considered paper, naming the students. */
export default function Screen() {
  return <MissingMarksScreen scope="alevel" />;
}
