import { z } from 'zod';
import { defineCall, noInput } from '../call.js';
import { curricula } from '../options.js';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the time as 14:00');

/** When students may be visited: weekdays (0 Sunday … 6 Saturday) from one time to another, Kampala time. */
export const visitingHours = z
  .object({
    days: z
      .array(z.number().int().min(0).max(6))
      .min(1, 'Choose the visiting days')
      .max(7)
      .transform((d) => [...new Set(d)].sort()),
    from: clock,
    to: clock,
  })
  .refine((h) => h.from < h.to, { message: 'The end is before the start', path: ['to'] });
export type VisitingHours = z.infer<typeof visitingHours>;

export const schoolDetails = z.object({
  id: z.number(),
  name: z.string(),
  motto: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  registration_no: z.string().nullable(),
  currency: z.string(),
  logo_file_id: z.number().nullable(),
  head_teacher: z.string().nullable(),
  receipt_format: z.enum(['a5', 'thermal']),
  /** Payslips printed two or four to an A4 page. */
  payslips_per_page: z.union([z.literal(2), z.literal(4)]),
  payment_instructions: z.string().nullable(),
  separate_requisition_steps: z.boolean(),
  /** SMS to guardians: a receipt for each fees payment, a sick-bay visit, an absence (each off by default). */
  sms_fees_receipts: z.boolean(),
  sms_sickbay_visits: z.boolean(),
  sms_absences: z.boolean(),
  /** None: visitors may see students at any time. */
  visiting_hours: z.object({ days: z.array(z.number()), from: z.string(), to: z.string() }).nullable(),
  current_year: z.number(),
  current_term: z.number(),
});
export type SchoolDetails = z.infer<typeof schoolDetails>;

export const getSchoolDetails = defineCall({
  method: 'GET',
  path: 'school_details',
  access: 'everyone',
  summary: "The school's details, shown in the shell and printed on documents",
  input: noInput,
  output: schoolDetails,
});

export const updateSchool = defineCall({
  method: 'PUT',
  path: 'school/{id}',
  access: 'general_settings',
  summary: "Change the school's details, current year and term, and defaults",
  input: z.object({
    name: z.string().trim().min(3, 'Enter the school name').max(120),
    motto: optionalText(200),
    address: optionalText(300),
    phone: optionalText(60),
    email: z.email('Enter a valid e-mail address').nullable().optional().or(z.literal('')),
    website: optionalText(200),
    registration_no: optionalText(60),
    currency: z.string().trim().length(3, 'Use a three-letter currency code such as UGX').default('UGX'),
    head_teacher: optionalText(120),
    receipt_format: z.enum(['a5', 'thermal']).default('a5'),
    /** Left out: unchanged. */
    payslips_per_page: z.union([z.literal(2), z.literal(4)], 'Payslips print two or four to a page').optional(),
    payment_instructions: optionalText(2000),
    separate_requisition_steps: z.boolean().default(true),
    sms_fees_receipts: z.boolean().default(false),
    sms_sickbay_visits: z.boolean().default(false),
    sms_absences: z.boolean().default(false),
    /** Left out: unchanged; null: visits at any time. */
    visiting_hours: visitingHours.nullable().optional(),
    current_year: z.number().int().min(2000).max(2100),
    current_term: z.number().int().min(1).max(3),
  }),
  output: schoolDetails,
});

/** An uploaded file as JSON: the file name and its content as base64 (or a data: URL). */
export const upload = z.object({
  filename: z.string().trim().min(1).max(200),
  data: z.string().min(1, 'Choose a file'),
});

export const uploadLogo = defineCall({
  method: 'POST',
  path: 'school_logo',
  access: 'general_settings',
  summary: 'Upload the school logo (PNG or JPEG; resized)',
  input: upload,
  output: schoolDetails,
});

export const currentSettings = z.object({
  year: z.number(),
  term: z.number(),
  label: z.string(),
  opens_on: z.string().nullable(),
  closes_on: z.string().nullable(),
  next_term_begins: z.string().nullable(),
  currency: z.string(),
});
export type CurrentSettings = z.infer<typeof currentSettings>;

export const getCurrentSettings = defineCall({
  method: 'GET',
  path: 'current_settings',
  access: 'everyone',
  summary: 'The current year and term with its dates',
  input: noInput,
  output: currentSettings,
});

export const termDate = z.object({
  id: z.number(),
  year: z.number(),
  term: z.number(),
  opens_on: z.string(),
  closes_on: z.string(),
  next_term_begins: z.string().nullable(),
});

export const listTermDates = defineCall({
  method: 'GET',
  path: 'term_dates',
  access: 'everyone',
  summary: "A year's three terms; a year not set yet starts from the Ministry calendar",
  input: z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() }),
  output: z.array(termDate),
});

export const updateTermDate = defineCall({
  method: 'PUT',
  path: 'term_dates/{id}',
  access: 'general_settings',
  summary: "Change a term's dates; a term may not overlap another",
  input: z
    .object({ opens_on: z.iso.date(), closes_on: z.iso.date(), next_term_begins: z.iso.date().nullable().optional() })
    .refine((t) => t.opens_on < t.closes_on, { message: 'The term must close after it opens', path: ['closes_on'] }),
  output: termDate,
});

export const curriculumRow = z.object({ id: z.number(), name: z.string(), level: z.string(), curriculum: z.string() });

export const getCurriculum = defineCall({
  method: 'GET',
  path: 'curriculum',
  access: 'manage_curriculum',
  summary: 'Which curriculum each class follows',
  input: noInput,
  output: z.array(curriculumRow),
});

/** What changing one class's curriculum does in the current term (the 202 that asks to confirm lists them). */
export const curriculumChange = z.object({
  class_id: z.number(),
  class_name: z.string(),
  from: z.string(),
  to: z.string(),
  /** The class's students this term: each card changes layout. */
  report_cards: z.number(),
  /** Marks in the old curriculum's subjects that leave the marksheets and cards (kept, shown again if changed back). */
  marks_hidden: z.array(z.object({ exam_set: z.string(), marks: z.number() })),
  /** Marks entered earlier in the new curriculum's subjects that show again. */
  marks_shown: z.array(z.object({ exam_set: z.string(), marks: z.number() })),
  aoi_scores_kept: z.number(),
  /** The sets that will count for the class this term. */
  sets_counting: z.array(z.string()),
  /** The same in the school's words, one sentence a line. */
  summary: z.string(),
});
export type CurriculumChange = z.infer<typeof curriculumChange>;

export const setCurriculum = defineCall({
  method: 'POST',
  path: 'curriculum',
  access: 'manage_curriculum',
  summary:
    'Set the curriculum of classes. A change first answers 202 with confirm: true and `changes` (the marks, report cards and sets it affects); sent again with confirm: true it is made. Marks are never deleted',
  input: z.object({
    classes: z
      .array(
        z.object({
          id: z.number().int().positive(),
          curriculum: z.enum(curricula.map((c) => c.value) as ['new', 'old', 'alevel']),
        }),
      )
      .min(1),
    confirm: z.boolean().optional(),
  }),
  output: z.array(curriculumRow),
});

export const streamOption = z.object({
  id: z.number(),
  name: z.string(),
  class_id: z.number(),
  class_name: z.string(),
  label: z.string(),
});

export const listOLevelStreams = defineCall({
  method: 'GET',
  path: 'ostreams',
  access: 'everyone',
  summary: 'Streams of the O Level classes, labelled "S1 East"',
  input: noInput,
  output: z.array(streamOption),
});

export const listALevelStreams = defineCall({
  method: 'GET',
  path: 'astreams',
  access: 'everyone',
  summary: 'Streams of the A Level classes, labelled "S5 Arts"',
  input: noInput,
  output: z.array(streamOption),
});

export const getFile = defineCall({
  method: 'GET',
  path: 'files/{id}',
  access: 'everyone',
  summary:
    "An uploaded image of this school; answers the bytes. The logo is everyone's; a student's photo needs view_students or edit_students",
  input: noInput,
  output: z.unknown(),
  file: 'image',
});

export const settingsCalls = [
  getSchoolDetails,
  updateSchool,
  uploadLogo,
  getCurrentSettings,
  listTermDates,
  updateTermDate,
  getCurriculum,
  setCurriculum,
  listOLevelStreams,
  listALevelStreams,
  getFile,
];
