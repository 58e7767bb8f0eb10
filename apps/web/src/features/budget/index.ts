// The budget's public face: what other features may import.
export { budgetKeys } from './keys';
