// The expenses area's public face: what other areas may import.

export { PayDialog } from './requisitions/pay-dialog';
export { useItemsImport } from './setup/items-import';
