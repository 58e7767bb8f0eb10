// The marksheets' public face: the class-and-term filter bar and the sheet states other exam screens share.

export { marksheetKeys } from './keys';
export {
  type MarksheetFilter,
  MarksheetHeader,
  markText,
  SheetReadings,
  SheetState,
  useMarksheet,
} from './marksheet-parts';
