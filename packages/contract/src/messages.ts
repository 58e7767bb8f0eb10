/**
 * Notice texts of the specification (spec 1 §8, spec 2 §8). Failure texts show when a call fails
 * (network or server fault); success texts when it answers 200. A 201/202 reply shows the server's own
 * message instead. Wording is the specification's, typos included, because users know it.
 */
export const noticeTitles = { success: 'Successful', error: 'Error Occurred' } as const;
export const noticeMilliseconds = 4000;
export const chunkTimeoutMilliseconds = 120_000;
export const downloadFailedAlert = 'Download failed';

export interface ActionTexts {
  success?: string;
  failure?: string;
}

/** Modules whose 201/202 message shows as a success-style notice (spec 1 §5, spec 2 §5). */
export const softRefusalAsSuccess = new Set(['fees', 'streams', 'classes', 'oldPayments']);

export const messages = {
  login: { failure: 'Sign in failed. Check your connection and try again.' },
  users: {
    add: { success: 'User added Successfully', failure: 'Failed to Add User' },
    update: { success: 'User updated Successfully', failure: 'Failed to Update User' },
    delete: { success: 'User deleted Successfully', failure: 'Failed to Delete User' },
  },
  roles: {
    add: { success: 'User Group added Successfully', failure: 'Failed to Add User Group' },
    update: { success: 'User Group updated Successfully', failure: 'Failed to Update User Group' },
    delete: { success: 'User Group deleted Successfully', failure: 'Failed to Delete User Group' },
  },
  permissions: { update: { success: 'Permissions Saved Successfully', failure: 'Failed to Save Permissions' } },
  account: {
    changePassword: { success: 'Password Changed successfully', failure: 'Error Changing Password' },
    profile: { success: 'Profile updated successfully', failure: 'Error Updating Profile' },
  },
  feesCategories: {
    add: { success: 'Category added Successfully', failure: 'Failed to add Fees Category' },
    update: { failure: 'Failed to update Fees Category' },
    delete: { failure: 'Failed to delete Fees Category' },
  },
  bursaryCategories: {
    add: { failure: 'Error adding bursary category' },
    update: { failure: 'Error editing bursary category' },
  },
  bursaries: {
    add: { failure: 'Error adding Bursary' },
    update: { failure: 'Error editing Bursary' },
    delete: { failure: 'Error deleting Bursary' },
  },
  feesBreakdowns: {
    add: { failure: 'Error adding Fees breakdown' },
    addFee: { failure: 'Failed to add fee' },
    update: { failure: 'Failed to updated Breakdown' },
    delete: { failure: 'Error deleting Breakdown' },
  },
  feesAdditions: {
    update: { failure: 'Error Updating Addition' },
    delete: { failure: 'Error deleting Additional Fee' },
    import: { success: 'Fees Additions Imported Successfully', failure: 'Error Importing Fees Additions' },
  },
  feesDeductions: {
    add: { failure: 'Error Adding Deduction' },
    update: { failure: 'Error updating deduction' },
    import: { success: 'Fees Deductions Imported Successfully', failure: 'Error Importing Fees Deductions' },
  },
  previousDebts: {
    save: { success: 'Changes Saved Successfully' },
    import: { success: 'Previous Balances Imported Successfully', failure: 'Error Importing Previous Balances' },
  },
  feesPayments: {
    add: { success: 'Payment added Successfully', failure: 'Error adding a payment' },
    update: { success: 'Payment updated Successfully', failure: 'Error editing payment' },
    delete: { success: 'Payment deleted Successfully', failure: 'Error deleting payment' },
    ledger: { failure: 'Error editing ledger' },
  },
  onlinePayments: { none: 'No New Payments Received' },
  expenses: {
    addCategory: { success: 'Category added Successfully', failure: 'Error adding Category' },
    addToCart: { failure: 'Error adding Item to Cart' },
    record: { failure: 'Error recording Expense' },
    requisition: { failure: 'Error recording Requisition' },
    checked: { success: 'Requisition Checked Successfully' },
    rejected: { success: 'Requisition Rejected Successfully' },
    approved: { success: 'Expense Requisition approved Successfully' },
    paid: { success: 'Expense Requisition Paid Successfully' },
    creditCleared: { success: 'Credit cleared Successfully' },
    importItems: { success: 'Expense Items Imported Successfully', failure: 'Failed to import Expense Items' },
  },
  examSets: {
    add: { success: 'Exam Set Saved Successfully', failure: 'Error Adding Exam Set' },
    update: { success: 'Exam Set Updated Successfully', failure: 'Error Updating Exam Set' },
    delete: { success: 'Exam Set Deleted Successfully', failure: 'Error Deleting Exam Set' },
  },
  marks: {
    save: { success: 'Marks Saved Successfully', failure: 'Error Saving Marks' },
    import: { success: 'Marks Imported Successfully', failure: 'Error Importing Marks' },
    initials: { success: 'Initials Updated Successfully', failure: 'Error Updating Initials' },
  },
  competences: {
    add: { success: 'Competence added Successfully', failure: 'Error adding Competence' },
    update: { success: 'Competence Updated Successfully', failure: 'Error updating Competence' },
    delete: { success: 'Competence deleted Successfully', failure: 'Error deleting Competence' },
  },
  students: {
    add: { success: 'Student Added Successfully', failure: 'Student Not Added' },
    update: { success: 'Student Details Updated Successfully', failure: 'Student Details Update Failed' },
    importCodes: { success: 'Student Codes Imported Successfully', failure: 'Error Importing Student Codes' },
    delete: { success: 'Student {name} deleted successfully', failure: 'Error deleting student' },
    photo: { success: 'Photo uploaded successfully', failure: 'Student photo not updated' },
    import: { success: 'Students Imported Successfully', failure: 'Students Not Imported' },
    migrate: { success: 'Students Migrated Successfully', failure: 'Error Migrating Students' },
    accountPassword: { success: 'Student Password Changed Successfully', failure: 'Error Changing Student Password' },
    accountStatus: { success: 'Account changed Successfully', failure: 'Student Account  status Not Changed' },
    visit: { success: 'Visit Recorded Successfully', failure: 'Visit Not Recorded' },
  },
  // The specification gives no wording for staff ("similar per-action texts"): the students' pattern.
  staff: {
    import: { success: 'Staff Imported Successfully', failure: 'Staff Not Imported' },
    signIn: { failure: 'Sign-in Not Changed' },
  },
  oldStudents: {
    add: { success: 'Old Student {name} Added Successfully', failure: 'Error adding Old Student' },
    update: { success: 'Old Student {name} updated Successfully', failure: 'Error updating Old Student details' },
    delete: { success: 'Old Student {name} deleted successfully', failure: 'Error deleting old student' },
  },
  oldPayments: {
    add: { success: 'Payment recorded Successfully', failure: 'Error adding a payment' },
    update: { success: 'Payment updated Successfully', failure: 'Error editing payment' },
    delete: { success: 'Payment deleted Successfully', failure: 'Error deleting payment' },
  },
  passOuts: {
    add: { success: 'Pass Out added Successfully', failure: 'Pass Out Not added' },
    update: { success: 'Pass Out updated Successfully', failure: 'Pass Out Not Updated' },
    delete: { success: 'Pass Out deleted Successfully', failure: 'Pass Out Not deleted' },
  },
  notifications: {
    emails: { success: 'Emails Sent Successfully', failure: 'Failed to send Emails' },
    sms: { success: 'Messages Sent Successfully', failure: 'Failed to send Messages' },
  },
  subjects: {
    add: { success: 'Subject added Successfully', failure: 'Failed to add Subject' },
    update: { failure: 'Error Updating Subject' },
    delete: { failure: 'Failed to delete Subject' },
  },
  combinations: {
    add: { failure: 'Failed to add Combination' },
    update: { failure: 'Failed to Update Combination' },
    delete: { failure: 'Failed to delete Combination' },
  },
  papers: {
    add: { failure: 'Failed to add Paper' },
    update: { failure: 'Failed Update Paper' },
    delete: { failure: 'Failed to delete Paper' },
  },
  streams: { add: { success: 'Stream {name} added successfully' } },
  guardians: { add: { failure: 'Failed to add Guardian' } },
  attendance: { record: { failure: 'Attendance not recorded' } },
  comments: { save: { success: 'Comment Saved Successfully', failure: 'Error Saving Comment' } },
  // The specification gives no wording for projects: the comments' pattern.
  projects: { save: { success: 'Project Saved Successfully', failure: 'Error Saving Project' } },
} as const satisfies Record<string, Record<string, ActionTexts> | ActionTexts | Record<string, string>>;

/** 202 of migrate_students before the last term of the year has ended, unless the caller confirms. */
export const migrationNotEnded =
  'The last term of {year} ends on {date}: migrating now moves students before the year has ended. Confirm to go ahead.';

/** Fill {name}-style placeholders. */
export const fillMessage = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
