import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { format, id, money, optionalText, paging, reason } from './fields.js';

const readers = ['view_requirements', 'collect_requirements'] as const;
const year = z.number().int().min(2000, 'Choose a year from 2000').max(2100, 'Choose a year up to 2100');
const term = z.number().int().min(1, 'Choose term 1, 2 or 3').max(3, 'Choose term 1, 2 or 3');
const quantity = z.number().int('Enter a whole number').min(0, 'Enter 0 or more').max(100_000);

/** One item's figures for a student and term: arrears carried in, this term's list, what was given, what is owed. */
export const requirementFigures = z.object({
  /** Owed from earlier terms (and arrears from before Somero) at the start of the term. */
  carried: z.number(),
  /** This term's list for the student's class, section and entry. */
  required: z.number(),
  brought: z.number(),
  /** UGX paid instead of items. */
  paid: z.number(),
  /** Items the money stands for (paid ÷ money value). */
  paid_items: z.number(),
  /** Still owed at the end of the term (carried + required − brought − paid items, never below 0). */
  owed: z.number(),
  /** UGX each, when money is accepted instead. */
  money_value: z.number().nullable(),
});
export type RequirementFigures = z.infer<typeof requirementFigures>;

export const requirementItem = z.object({
  /** The item's name in lower case: the key of the cells. */
  key: z.string(),
  name: z.string(),
  money_value: z.number().nullable(),
});

export const requirementCell = requirementFigures.extend({
  /** The saved cell's version (its last change), null when nothing was recorded. */
  version: z.string().nullable(),
});
export type RequirementCell = z.infer<typeof requirementCell>;

export const requirementGridOutput = z.object({
  year: z.number(),
  term: z.number(),
  class_id: z.number(),
  class_name: z.string(),
  /** The caller may record collections (collect_requirements). */
  editable: z.boolean(),
  items: z.array(requirementItem),
  students: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      admission_no: z.string(),
      section: z.string(),
      is_new: z.boolean(),
      /** By item key; an item the student neither needs this term nor owes has no cell. */
      cells: z.record(z.string(), requirementCell),
    }),
  ),
});
export type RequirementGrid = z.infer<typeof requirementGridOutput>;

/** The collection grid of a class in a term (the current term when left out). */
export const requirementGrid = defineCall({
  method: 'POST',
  path: 'get/student/requirements',
  access: [...readers],
  summary: "A class's requirements in a term: per student and item, arrears carried, required, brought, owed",
  input: z.object({
    class_id: id,
    year: year.optional(),
    term: term.optional(),
    section: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['day', 'boarding']).optional()),
    search: optionalText(100),
  }),
  output: requirementGridOutput,
});

export const collectionCellInput = z.object({
  student_id: id,
  /** The item's name (as the list spells it). */
  item: z.string().trim().min(1, 'Choose the item').max(80),
  brought: quantity,
  paid: money.min(0, 'Enter 0 or more').default(0),
  /** The version the cell had when loaded (null: none was saved). */
  version: z.string().max(40).nullable(),
});

/**
 * Saves cells of the grid: how much of an item each student has brought this term, in total, and the
 * money paid instead. Lowering a saved cell needs a reason. The reply's `received` is what this save
 * added per item: the quantities the store may take in as stock.
 */
export const saveCollection = defineCall({
  method: 'POST',
  path: 'save_student_requirement',
  access: 'collect_requirements',
  summary: "Record what students brought of the term's requirements (totals per cell, with versions)",
  // Money paid instead of items is recorded here (never posted to the journal: ARCHITECTURE §10).
  money: true,
  input: z.object({
    year,
    term,
    cells: z.array(collectionCellInput).min(1, 'Nothing to save').max(500),
    reason: reason.optional(),
  }),
  output: z.object({
    cells: z.array(z.object({ student_id: z.number(), key: z.string(), cell: requirementCell })),
    received: z.array(z.object({ item: z.string(), quantity: z.number(), paid: z.number() })),
  }),
});

/** A student's requirements term by term: what was carried, required, brought and owed, and the arrears. */
export const studentRequirements = defineCall({
  method: 'POST',
  path: 'get_student_requirement',
  access: [...readers],
  summary: "One student's requirements, term by term from their first, with the arrears carried forward",
  input: z.object({ student_id: id }),
  output: z.object({
    student: z.object({ id: z.number(), name: z.string(), admission_no: z.string(), class_name: z.string() }),
    terms: z.array(
      z.object({
        year: z.number(),
        term: z.number(),
        class_name: z.string(),
        section: z.string(),
        lines: z.array(requirementFigures.extend({ item: z.string() })),
      }),
    ),
    /** Arrears entered from before Somero. */
    opening: z.array(z.object({ id: z.number(), item: z.string(), quantity: z.number(), note: z.string().nullable() })),
    /** What the student owes now, per item (the last term's owed). */
    owed: z.array(z.object({ item: z.string(), quantity: z.number(), money_value: z.number().nullable() })),
  }),
});

export const arrearLine = z.object({
  student_id: z.number(),
  name: z.string(),
  admission_no: z.string(),
  class_name: z.string(),
  item: z.string(),
  /** Owed from before the term. */
  carried: z.number(),
  /** Of it, brought (or paid for) during the term. */
  cleared: z.number(),
  /** Owed at the end of the term, this term's list included. */
  owed: z.number(),
  money_value: z.number().nullable(),
});

/** The arrears list's sums over every page: the term shown, the students owing, items and UGX. */
export const arrearTotals = z.object({
  year: z.number(),
  term: z.number(),
  students: z.number(),
  carried: z.number(),
  cleared: z.number(),
  owed: z.number(),
  /** UGX the owed items stand for, where money is accepted instead. */
  money_owed: z.number(),
});

/**
 * Requirement arrears: per student and item, what was carried into the term, cleared, and still owed.
 * Paged (`data` is the page's lines); `totals` are over every line.
 */
export const requirementArrearsList = defineCall({
  method: 'POST',
  path: 'view/prev_requirements',
  access: 'view_requirements',
  summary: 'Students owing requirements from earlier terms (or from before Somero) in a term, per item; paged',
  input: z.object({
    ...paging,
    year: year.optional(),
    term: term.optional(),
    class_id: id.optional(),
    search: optionalText(100),
    /** Also list students who owe only this term's items. */
    include_current: z.boolean().default(false),
  }),
  output: z.array(arrearLine),
  paged: true as const,
  totals: arrearTotals,
});

const reportInput = z.object({
  year,
  term,
  class_id: id.optional(),
  student_id: id.optional(),
  /** One item by name. */
  item: optionalText(80),
});
export const requirementReportLine = requirementFigures.extend({
  student_id: z.number(),
  name: z.string(),
  admission_no: z.string(),
  class_name: z.string(),
  item: z.string(),
});
/** Per item, over every line of the report (not only the page). */
export const requirementReportTotals = z.object({
  year: z.number(),
  term: z.number(),
  items: z.array(
    z.object({
      item: z.string(),
      carried: z.number(),
      required: z.number(),
      brought: z.number(),
      paid: z.number(),
      owed: z.number(),
      students: z.number(),
    }),
  ),
});
/** The whole report: every line and the totals per item (the spreadsheet's content). */
export type RequirementReport = z.infer<typeof requirementReportTotals> & {
  lines: z.infer<typeof requirementReportLine>[];
};

/** The report on screen is paged (`data` is the page's lines, `totals` per item over all); xlsx has every line. */
export const requirementsReport = defineCall({
  method: 'POST',
  path: 'requirements_report',
  access: 'view_requirements',
  summary: 'Requirements in a term by student and item (filter by class, student, item), paged; xlsx with format',
  input: reportInput.extend({ ...paging, format }),
  output: z.array(requirementReportLine),
  paged: true as const,
  totals: requirementReportTotals,
  file: 'xlsx-or-json',
});

export const downloadRequirementsReport = defineCall({
  method: 'POST',
  path: 'download_requirements_report',
  access: 'view_requirements',
  summary: 'The requirements report as requirements.xlsx',
  input: reportInput,
  output: z.unknown(),
  file: 'xlsx',
});

/** Requirements calls (the lists and the arrears from before Somero are declared entities). */
export const requirementCalls: Call[] = [
  requirementGrid,
  saveCollection,
  studentRequirements,
  requirementArrearsList,
  requirementsReport,
  downloadRequirementsReport,
];
