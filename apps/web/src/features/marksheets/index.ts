// The marksheets' public face: the class-and-term filter bar and the sheet states other exam screens share.
export {
  type MarksheetFilter,
  MarksheetHeader,
  markText,
  SheetReadings,
  SheetState,
  useMarksheet,
} from './marksheet-parts';
