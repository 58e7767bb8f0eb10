// Fees set-up's public face: what other features may import.
export { additions, deductions } from './adjustments/adjustment-kinds';
export { feesSetupKeys } from './keys';
