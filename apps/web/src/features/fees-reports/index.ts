// The fees reports' public face: the report parts other money reports (revenues, expenses) share.
export {
  CategoryBars,
  CategoryBreakdown,
  CategoryPanels,
  CategoryReportForm,
  ExportButton,
  ModeBreakdown,
  ModeSelect,
  ReportColumns,
  ReportFigure,
  ReportLoadState,
  useAskedReport,
  useCategoryFilters,
} from './report-parts';
