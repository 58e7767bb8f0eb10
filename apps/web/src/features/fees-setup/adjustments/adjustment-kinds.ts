import {
  type Call,
  feesAdditionResource,
  feesAdditionsTemplate,
  feesDeductionResource,
  feesDeductionsTemplate,
  getFeesAdditions,
  getFeesDeductions,
  importFeesAdditions,
  importFeesDeductions,
  messages,
  type Resource,
} from '@somero/contract';

/** What differs between additions (charges) and deductions (discounts): their calls, texts and category. */
export interface AdjustmentKind {
  key: 'additions' | 'deductions';
  resource: Resource;
  list: typeof getFeesAdditions | typeof getFeesDeductions;
  importCall: Call;
  template: { call: Call; name: string };
  importTexts: { success: string; failure: string };
  deleteFailed?: string;
  withCategory: boolean;
}

export const additions: AdjustmentKind = {
  key: 'additions',
  resource: feesAdditionResource,
  list: getFeesAdditions,
  importCall: importFeesAdditions,
  template: { call: feesAdditionsTemplate, name: 'fees-additions-import.xlsx' },
  importTexts: messages.feesAdditions.import,
  deleteFailed: messages.feesAdditions.delete.failure,
  withCategory: true,
};

export const deductions: AdjustmentKind = {
  key: 'deductions',
  resource: feesDeductionResource,
  list: getFeesDeductions,
  importCall: importFeesDeductions,
  template: { call: feesDeductionsTemplate, name: 'fees-deductions-import.xlsx' },
  importTexts: messages.feesDeductions.import,
  withCategory: false,
};
