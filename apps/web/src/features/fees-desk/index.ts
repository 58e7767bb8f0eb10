// The payment desk's public face: what other features may import.
export { feesDeskKeys } from './keys';
