import { z } from 'zod';
import { type Call, defineCall, noInput } from '../call.js';
import { id, optionalText, paging } from './fields.js';
import { upload } from './settings.js';

const year = z.number().int().min(2000).max(2100);
const term = z.number().int().min(1).max(3);
const money = z.number().int('Enter a whole number of shillings').min(-2_000_000_000).max(2_000_000_000);

/** The import reply: how many rows were written, or each bad row with its reasons (then none were). */
export const feesImportReport = z.object({
  imported: z.number(),
  rejected: z.array(z.object({ row: z.number(), errors: z.array(z.string()) })),
});

export const breakdownFilters = z.object({ year: year.optional(), term: term.optional(), class_id: id.optional() });
export const breakdownRow = z.object({
  id: z.number(),
  year: z.number(),
  term: z.number(),
  class_id: z.number(),
  class_name: z.string(),
  category_id: z.number(),
  category_name: z.string(),
  section: z.string(),
  nationality: z.string(),
  entrants: z.string(),
  amount: z.number(),
});
export const getFeesBreakdowns = defineCall({
  method: 'POST',
  path: 'get_fees_breakdowns',
  access: 'view_fees_breakdown',
  summary: "A term's fees structure lines with category and class names (filters year, term, class)",
  input: breakdownFilters,
  output: z.array(breakdownRow),
});

/** One class's fees for a term: each category's amounts and what a day and a boarding student pay. */
export const structureClass = z.object({
  class_id: z.number(),
  class_name: z.string(),
  categories: z.array(
    z.object({
      category_id: z.number(),
      category_name: z.string(),
      lines: z.array(
        z.object({
          id: z.number(),
          section: z.string(),
          nationality: z.string(),
          entrants: z.string(),
          amount: z.number(),
        }),
      ),
    }),
  ),
  /** A returning Ugandan student's term fees (new entrants and international rates are in the lines). */
  day_total: z.number(),
  boarding_total: z.number(),
  new_day_total: z.number(),
  new_boarding_total: z.number(),
});
export const getFeesStructure = defineCall({
  method: 'POST',
  path: 'get_fees_structure',
  access: 'view_fees_breakdown',
  summary: "A term's fees structure per class with the day and boarding totals",
  input: z.object({ year: year.optional(), term: term.optional(), class_id: id.optional() }),
  output: z.object({ year: z.number(), term: z.number(), classes: z.array(structureClass) }),
});
export const copyFeesStructure = defineCall({
  method: 'POST',
  path: 'copy_fees_structure',
  access: 'view_fees_breakdown',
  money: true,
  summary: "Copy a term's fees structure to another term (refused when that term has one already)",
  input: z.object({ from_year: year, from_term: term, to_year: year, to_term: term }),
  output: z.object({ copied: z.number() }),
});

export const bursaryRow = z.object({
  id: z.number(),
  student_id: z.number(),
  student_name: z.string(),
  admission_no: z.string(),
  class_name: z.string().nullable(),
  bursary_category_id: z.number(),
  bursary_category_name: z.string(),
  kind: z.string(),
  amount: z.number(),
  percent: z.number(),
  category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  start_year: z.number(),
  start_term: z.number(),
  every_term: z.boolean(),
  end_year: z.number().nullable(),
  end_term: z.number().nullable(),
  /** "Term 1 2026 – Term 3 2026", "Term 1 2026 onwards" or the one term. */
  active: z.string(),
  note: z.string().nullable(),
});
export const viewBursaries = defineCall({
  method: 'POST',
  path: 'view_bursaries',
  access: 'view_bursaries',
  summary: 'Bursaries with student names and the terms they apply to',
  input: z.object({
    ...paging,
    search: z.string().trim().max(100).optional(),
    class_id: id.optional(),
    student_id: id.optional(),
    bursary_category_id: id.optional(),
    kind: z.enum(['fixed', 'percent']).optional(),
    year: year.optional(),
    term: term.optional(),
  }),
  output: z.array(bursaryRow),
  paged: true as const,
});
/**
 * The specification's `GET bursaries`: the same rows and filters as `POST view_bursaries` (one query
 * serves both), read from the query string.
 */
export const listBursaries = defineCall({
  method: 'GET',
  path: 'bursaries',
  access: 'view_bursaries',
  summary: 'Bursaries with student names (the same list as POST view_bursaries, filters in the query)',
  input: z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(500).default(50),
    search: z.string().trim().max(100).optional(),
    class_id: z.coerce.number().int().positive().optional(),
    student_id: z.coerce.number().int().positive().optional(),
    bursary_category_id: z.coerce.number().int().positive().optional(),
    kind: z.enum(['fixed', 'percent']).optional(),
    year: z.coerce.number().int().min(2000).max(2100).optional(),
    term: z.coerce.number().int().min(1).max(3).optional(),
  }),
  output: z.array(bursaryRow),
  paged: true as const,
});
export const bursaryInput = z.object({
  student_id: id,
  bursary_category_id: id,
  kind: z.enum(['fixed', 'percent']),
  amount: z.number().int().min(0).max(2_000_000_000).default(0),
  percent: z.number().int().min(0).max(100).default(0),
  category_id: id.nullable().optional(),
  start_year: year,
  start_term: term,
  every_term: z.boolean().default(false),
  note: optionalText(200),
});
export const addBursary = defineCall({
  method: 'POST',
  path: 'bursaries',
  access: 'view_bursaries',
  money: true,
  summary: 'Give a student a bursary (fixed amount > 0, or a percentage 1–100)',
  input: bursaryInput,
  output: bursaryRow,
});
export const updateBursary = defineCall({
  method: 'PUT',
  path: 'bursaries/{id}',
  access: 'view_bursaries',
  money: true,
  summary: 'Change a bursary',
  input: bursaryInput.partial(),
  output: bursaryRow,
});
export const deleteBursary = defineCall({
  method: 'DELETE',
  path: 'bursaries/{id}',
  access: 'view_bursaries',
  money: true,
  summary: 'Remove a bursary: one that applied in a past term ends at the current term instead',
  input: noInput,
  output: z.object({ removed: z.boolean(), end_year: z.number().nullable(), end_term: z.number().nullable() }),
});

export const adjustmentRow = z.object({
  id: z.number(),
  student_id: z.number(),
  student_name: z.string(),
  admission_no: z.string(),
  class_name: z.string().nullable(),
  category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  description: z.string(),
  amount: z.number(),
  year: z.number(),
  term: z.number(),
});
const adjustmentFilters = z.object({
  ...paging,
  year: year.optional(),
  term: term.optional(),
  class_id: id.optional(),
  student_id: id.optional(),
  search: z.string().trim().max(100).optional(),
});
export const getFeesAdditions = defineCall({
  method: 'POST',
  path: 'get_fees_additions',
  access: 'view_fees_additions',
  summary: 'Fees additions with student names (filters year, term, class, student, search)',
  input: adjustmentFilters.extend({ category_id: id.optional() }),
  output: z.array(adjustmentRow),
  paged: true as const,
});
export const getFeesDeductions = defineCall({
  method: 'POST',
  path: 'get_fees_deductions',
  access: 'view_fees_deductions',
  summary: 'Fees deductions with student names (filters year, term, class, student, search)',
  input: adjustmentFilters,
  output: z.array(adjustmentRow),
  paged: true as const,
});
export const importFeesAdditions = defineCall({
  method: 'POST',
  path: 'import_fees_additions',
  access: 'view_fees_additions',
  money: true,
  summary: 'Import additions (admission_no, description, amount, year, term, category) from xlsx; all or nothing',
  input: upload,
  output: feesImportReport,
});
export const importFeesDeductions = defineCall({
  method: 'POST',
  path: 'import_fees_deductions',
  access: 'view_fees_deductions',
  money: true,
  summary: 'Import deductions (admission_no, description, amount, year, term) from xlsx; all or nothing',
  input: upload,
  output: feesImportReport,
});
export const importBalances = defineCall({
  method: 'POST',
  path: 'import_balances',
  access: 'view_previous_balances',
  money: true,
  summary: 'Import previous balances (admission_no, amount, note) from xlsx; all or nothing',
  input: upload,
  output: feesImportReport,
});

/** The xlsx templates the three imports read: the columns, a grey example row and a Notes sheet. */
const template = (
  path: string,
  access: 'view_fees_additions' | 'view_fees_deductions' | 'view_previous_balances',
  what: string,
) =>
  defineCall({
    method: 'GET',
    path,
    access,
    summary: `The xlsx template for importing ${what}`,
    input: noInput,
    output: z.unknown(),
    file: 'xlsx' as const,
  });
export const feesAdditionsTemplate = template('fees_additions_template', 'view_fees_additions', 'fees additions');
export const feesDeductionsTemplate = template('fees_deductions_template', 'view_fees_deductions', 'fees deductions');
export const balancesTemplate = template('previous_balances_template', 'view_previous_balances', 'previous balances');

export const previousDebtRow = z.object({
  id: z.number().nullable(),
  student_id: z.number(),
  student_name: z.string(),
  admission_no: z.string(),
  class_id: z.number(),
  class_name: z.string().nullable(),
  stream_name: z.string().nullable(),
  amount: z.number(),
  note: z.string().nullable(),
});
export const previousDebtsList = defineCall({
  method: 'POST',
  path: 'previous_debts',
  access: 'view_previous_balances',
  summary: 'Previous balances; with a class, every current student of it (the grid), with or without one',
  input: z.object({
    ...paging,
    class_id: id.optional(),
    stream_id: id.optional(),
    search: z.string().trim().max(100).optional(),
    /** Only those with a balance (default when no class is chosen). */
    with_balance: z.boolean().optional(),
  }),
  output: z.array(previousDebtRow),
  paged: true as const,
});
export const debtInput = z.object({ student_id: id, amount: money, note: optionalText(200) });
export const storePreviousDebt = defineCall({
  method: 'POST',
  path: 'store_previous_debts',
  access: 'view_previous_balances',
  money: true,
  summary: "Set one student's balance brought forward (0 removes it)",
  input: debtInput,
  output: previousDebtRow,
});
export const bulksavePreviousDebts = defineCall({
  method: 'POST',
  path: 'bulksave_previous_debts',
  access: 'view_previous_balances',
  money: true,
  summary: 'Save a class grid of balances brought forward at once (0 removes one)',
  input: z.object({ debts: z.array(debtInput).min(1).max(5000) }),
  output: z.object({ saved: z.number() }),
});

export const ledgerOutput = z.object({
  student: z.object({
    id: z.number(),
    name: z.string(),
    admission_no: z.string(),
    class_name: z.string().nullable(),
    stream_name: z.string().nullable(),
    section: z.string(),
  }),
  terms: z.array(
    z.object({
      year: z.number(),
      term: z.number(),
      opening: z.number(),
      charged: z.number(),
      reduced: z.number(),
      paid: z.number(),
      closing: z.number(),
    }),
  ),
  lines: z.array(
    z.object({
      date: z.string(),
      year: z.number(),
      term: z.number(),
      kind: z.string(),
      description: z.string(),
      amount: z.number(),
      balance: z.number(),
      receipt_no: z.number().nullable(),
      payment_id: z.number().nullable(),
    }),
  ),
  balance: z.number(),
});
export const feesLedger = defineCall({
  method: 'GET',
  path: 'fees_ledger/{id}',
  // The payment desk shows the balance before taking a payment.
  access: ['view_fees_payments', 'pay_fees'],
  summary: "A student's fees ledger: lines, terms with running balance, and the balance now",
  input: noInput,
  output: ledgerOutput,
});
export const printLedger = defineCall({
  method: 'POST',
  path: 'print_ledger',
  access: 'view_fees_payments',
  summary: "A student's ledger as a PDF, for one term or all",
  input: z.object({ student_id: id, year: year.optional(), term: term.optional() }),
  output: z.unknown(),
  file: 'pdf' as const,
});
export const fullFeesLedger = defineCall({
  method: 'GET',
  path: 'full_fees_ledger/{id}',
  access: 'view_fees_payments',
  summary: "A student's full multi-year ledger as a PDF",
  input: noInput,
  output: z.unknown(),
  file: 'pdf' as const,
});

/** Fees calls: setup (issue 4). */
export const feesSetupCalls: Call[] = [
  getFeesBreakdowns,
  getFeesStructure,
  copyFeesStructure,
  viewBursaries,
  listBursaries,
  addBursary,
  updateBursary,
  deleteBursary,
  getFeesAdditions,
  getFeesDeductions,
  importFeesAdditions,
  importFeesDeductions,
  importBalances,
  feesAdditionsTemplate,
  feesDeductionsTemplate,
  balancesTemplate,
  previousDebtsList,
  storePreviousDebt,
  bulksavePreviousDebts,
  feesLedger,
  printLedger,
  fullFeesLedger,
];
