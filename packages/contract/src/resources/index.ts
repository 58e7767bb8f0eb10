/**
 * The registry of declared entities: one line each. The API serves them, drizzle-kit makes their
 * tables, and the web app's generic screens show them.
 */

import { examSetResource } from './academics/exam-sets.js';
import { combinationResource, paperResource, subjectResource } from './academics/subjects.js';
import { assetCategoryResource, assetItemResource, assetLocationResource } from './assets/assets.js';
import { rollcallCategoryResource } from './attendance/rollcall.js';
import { departmentResource } from './departments/departments.js';
import { commentBankResource } from './exams/reports.js';
import { expenseCategoryResource, expenseItemResource, supplierResource } from './expenses/expenses.js';
import { bursaryResource, feesAdditionResource, feesDeductionResource } from './fees/adjustments.js';
import { bursaryCategoryResource, feesCategoryResource } from './fees/categories.js';
import { paymentModeResource } from './fees/money.js';
import { feesBreakdownResource } from './fees/structure.js';
import { requirementArrearResource, requirementResource } from './requirements/requirements.js';
import { revenueCategoryResource, revenueSourceResource } from './revenues/revenues.js';
import { classResource } from './school/classes.js';
import { streamResource } from './school/streams.js';
import { sickbayProblemResource } from './sickbay/sickbay.js';
import { salaryDeductionResource, staffAllowanceResource } from './staff/payroll.js';
import { staffPositionResource, staffResource, staffSubjectResource } from './staff/staff.js';
import { storeItemResource, storeUnitResource } from './store/store.js';
import { guardianResource } from './students/guardians.js';
import { oldStudentResource } from './students/old-students.js';
import { passOutResource } from './students/pass-outs.js';
import { studentResource } from './students/students.js';

export * from './academics/exam-sets.js';
export * from './academics/subjects.js';
export * from './assets/assets.js';
export * from './attendance/records.js';
export * from './attendance/rollcall.js';
export * from './core/counters.js';
export * from './core/files.js';
export * from './core/jobs.js';
export * from './departments/departments.js';
export * from './elearning/elearning.js';
export * from './events/events.js';
export * from './exams/initials.js';
export * from './exams/marks.js';
export * from './exams/prints.js';
export * from './exams/reports.js';
export * from './expenses/expenses.js';
export * from './expenses/requisitions.js';
export * from './fees/adjustments.js';
export * from './fees/categories.js';
export * from './fees/enrolments.js';
export * from './fees/money.js';
export * from './fees/options.js';
export * from './fees/structure.js';
export * from './finance/budget.js';
export * from './finance/journal.js';
export * from './notifications/email.js';
export * from './notifications/sms.js';
export * from './parent-line/parent-line.js';
export * from './requirements/collections.js';
export * from './requirements/requirements.js';
export * from './revenues/revenues.js';
export * from './school/classes.js';
export * from './school/settings.js';
export * from './school/streams.js';
export * from './school/term-dates.js';
export * from './sickbay/sickbay.js';
export * from './sickbay/visits.js';
export * from './staff/load-terms.js';
export * from './staff/payroll.js';
export * from './staff/staff.js';
export * from './store/movements.js';
export * from './store/store.js';
export * from './students/guardians.js';
export * from './students/old-students.js';
export * from './students/pass-outs.js';
export * from './students/student-accounts.js';
export * from './students/students.js';
export * from './visitors/visits.js';

export const resources = [
  classResource,
  streamResource,
  guardianResource,
  studentResource,
  oldStudentResource,
  passOutResource,
  feesCategoryResource,
  feesBreakdownResource,
  bursaryCategoryResource,
  bursaryResource,
  feesAdditionResource,
  feesDeductionResource,
  paymentModeResource,
  revenueCategoryResource,
  revenueSourceResource,
  expenseCategoryResource,
  expenseItemResource,
  supplierResource,
  staffPositionResource,
  staffResource,
  staffAllowanceResource,
  salaryDeductionResource,
  subjectResource,
  paperResource,
  combinationResource,
  examSetResource,
  staffSubjectResource,
  commentBankResource,
  assetLocationResource,
  assetCategoryResource,
  assetItemResource,
  departmentResource,
  sickbayProblemResource,
  requirementResource,
  requirementArrearResource,
  storeUnitResource,
  storeItemResource,
  rollcallCategoryResource,
];

export const resourceByPath = (path: string) => resources.find((r) => r.path === path);
