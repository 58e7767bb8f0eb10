// The expenses area's public face: what other areas may import.
export { useItemsImport } from './items-import';
export { PayDialog } from './pay-dialog';
