import { MarksScreen } from './marks-screen';

/** /select/enter/exam: any class; the grid follows the class's curriculum. */
export const SelectExam = () => <MarksScreen />;
export const OldMarks = () => <MarksScreen curriculum="old" />;
export const NewMarks = () => <MarksScreen curriculum="new" />;
export const AlevelMarks = () => <MarksScreen curriculum="alevel" />;
/** A teacher's own teaching load only. */
export const StaffMarks = () => <MarksScreen ownLoad />;
/** Read-only: the grid is editable only for those who enter marks, so readers see it without boxes to save. */
export const ViewMarks = () => <MarksScreen readOnly />;
