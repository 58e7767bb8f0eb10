/**
 * The 99 permission flags of the specification (spec 1 §6), in its order, and the project's own after them.
 * A role holds true/false for each; user type 0 or 1 is an administrator with every flag.
 */
export const topMenuFlags = [
  'view_audits',
  'view_payment_modes',
  'view_streams',
  'general_settings',
  'manage_curriculum',
  'view_fyear',
  'view_expense_budget',
  'project_expenses',
  'project_revenues',
  'view_revenue_budget',
  'view_users',
  'view_roles',
  'manage_permissions',
  'manage_report_cards',
  'system_comments',
  'view_subjects',
  'view_grading',
  'view_exam_sets',
  'view_combinations',
  'view_papers',
  'print_student_ids',
  'print_student_passouts',
  'fees_payment_report',
  'fees_summary_report',
  'custom_payment_report',
  'periodic_payment_report',
  'fees_collection_summary',
  'revenue_report',
  'expenditure_report',
  'income_expenditure_report',
  'budget_actual_outturn',
  'cash_flow_report',
  'account_analysis',
] as const;

export const sidebarFlags = [
  'view_dashboard',
  'students_navigation',
  'add_students',
  'view_students',
  'migrate_students',
  'edit_students',
  'manage_student_accounts',
  'fees_navigation',
  'view_fees_categories',
  'pay_fees',
  'view_fees_breakdown',
  'view_fees_payments',
  'view_fees_receipt',
  'view_previous_balances',
  'view_fees_additions',
  'view_fees_deductions',
  'view_bursary_categories',
  'view_bursaries',
  'fees_demand_notice',
  'expenses_navigation',
  'add_expenses',
  'view_expense_categories',
  'view_expenses',
  'view_creditors',
  'view_suppliers',
  'revenues_navigation',
  'view_revenue_categories',
  'view_revenue_sources',
  'view_revenues',
  'exams_navigation',
  'manage_exam_marks',
  'record_staff_marks',
  'manage_report_cards20',
  'manage_report_cards2',
  'view_exam_marksheet',
  'manage_competences',
  'manage_considered_sets',
  'manage_optional_subjects',
  'report_comments',
  'manage_considered_papers',
  'set_analysis',
  'class_performance',
  'staff_navigation',
  'view_staff_positions',
  'view_staff',
  'view_staff_advances',
  'view_staff_deductions',
  'view_staff_payments',
  'view_salary_ledger',
  'manage_staff_subjects',
  'manage_medication_center',
  'store_navigation',
  'view_units',
  'view_store_items',
  'view_store_stock',
  'view_requirements',
  'collect_requirements',
  'view_stock_given',
  'view_store_loss',
  'visitors_navigation',
  'manage_visitors',
  'view_visitors_report',
  'manage_attendance',
  'events_navigation',
  'view_events',
  'view_events_report',
] as const;

/**
 * The project's own flags, beyond the specification's 99, for rules it does not name. Each is granted
 * on /user/permissions like the others, shown in the group of the screens it belongs to.
 */
export const projectFlags = [
  /** Write the head teacher's comment on report cards (the class teacher's is the stream's class teacher's). */
  'write_head_teacher_comments',
  /** The Notification Center's screens (the specification gives them no flag): send SMS, send e-mails, buy SMS credit. */
  'send_sms',
  'send_emails',
  'buy_sms_packages',
] as const;

/**
 * Where a project flag that guards no screen of its own shows on the permissions grid: beside the flag
 * of the screen it belongs to. The others show in the group of the screens they guard.
 */
export const projectFlagBeside: Partial<Record<(typeof projectFlags)[number], (typeof sidebarFlags)[number]>> = {
  write_head_teacher_comments: 'report_comments',
};

export const permissionFlags = [...topMenuFlags, ...sidebarFlags, ...projectFlags] as const;
export type PermissionFlag = (typeof permissionFlags)[number];
export type PermissionFlags = Partial<Record<PermissionFlag, boolean>>;

const flagSet: ReadonlySet<string> = new Set(permissionFlags);
export const isPermissionFlag = (value: string): value is PermissionFlag => flagSet.has(value);

/**
 * Who may open a screen or call an endpoint:
 * - a permission flag;
 * - 'everyone': any signed-in user (the screens the specification shows to all);
 * - 'admin': administrators only (user type 0 or 1), for things the specification gives no flag;
 * - 'public': no sign-in (login, register, recover…);
 * - 'operator': the service's operator signed in to the console (never a school's user).
 */
export type Access = PermissionFlag | 'everyone' | 'admin' | 'public' | 'operator';

/** User types: 0 owner and 1 administrator hold every flag; 2 is a staff user whose role decides. */
export const userTypes = { owner: 0, administrator: 1, staff: 2 } as const;
export const isAdministratorType = (type: number) => type === 0 || type === 1;

export interface Grant {
  type: number;
  flags: PermissionFlags;
}

/**
 * Who may make an API call: as a screen's access, or any one of several flags (the payment desk's
 * helpers, such as the list of payment modes, serve both the bursar at the desk and the set-up screens).
 */
export type CallAccess = Access | readonly PermissionFlag[];

/** The one rule for "may this user do that", shared by the server guard and the menus. */
export function allows(user: Grant, access: CallAccess): boolean {
  if (typeof access !== 'string') return isAdministratorType(user.type) || access.some((f) => user.flags[f] === true);
  if (access === 'public' || access === 'everyone') return true;
  // The service's console: no school user, administrators included, may use it.
  if (access === 'operator') return false;
  if (isAdministratorType(user.type)) return true;
  if (access === 'admin') return false;
  return user.flags[access] === true;
}

/** A role's flags with every flag present (missing ones are false). */
export function completeFlags(flags: PermissionFlags): Record<PermissionFlag, boolean> {
  const out = {} as Record<PermissionFlag, boolean>;
  for (const flag of permissionFlags) out[flag] = flags[flag] === true;
  return out;
}
