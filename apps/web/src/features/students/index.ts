// The students feature's public face: the pickers other features use.

export { StudentsChoiceInput, useStudentsChoice } from './documents/students-choice';
export { studentKeys } from './keys';
export { type Placement, PlacementSelect } from './placement-select';
