// The students feature's public face: the pickers other features use.

export { studentKeys } from './keys';
export { type Placement, PlacementSelect } from './placement-select';
export { StudentsChoiceInput, useStudentsChoice } from './students-choice';
