import { type Access, isPermissionFlag, type PermissionFlag, projectFlagBeside, projectFlags } from './permissions.js';

/** The sixteen sidebar groups, in the specification's order (the last holds the screens shown to all). */
export const sidebarGroups = [
  { key: 'dashboard', title: 'Dashboard', flag: 'view_dashboard', icon: 'dashboard' },
  { key: 'students', title: 'Manage Students', flag: 'students_navigation', icon: 'students' },
  { key: 'fees', title: 'Manage Fees', flag: 'fees_navigation', icon: 'fees' },
  { key: 'expenses', title: 'Manage Expenses', flag: 'expenses_navigation', icon: 'expenses' },
  { key: 'revenues', title: 'Manage Revenues', flag: 'revenues_navigation', icon: 'revenues' },
  { key: 'olevel', title: 'O Level', flag: 'exams_navigation', icon: 'olevel' },
  { key: 'alevel', title: 'Advanced Level', flag: 'exams_navigation', icon: 'alevel' },
  { key: 'staff', title: 'Manage Staff', flag: 'staff_navigation', icon: 'staff' },
  { key: 'sickbay', title: 'Sick Bay', flag: 'manage_medication_center', icon: 'sickbay' },
  { key: 'store', title: 'Store Section', flag: 'store_navigation', icon: 'store' },
  { key: 'notifications', title: 'Notification Center', flag: 'everyone', icon: 'notifications' },
  { key: 'assets', title: 'Manage Assets', flag: 'admin', icon: 'assets' },
  { key: 'visitors', title: 'Visitors Book', flag: 'visitors_navigation', icon: 'visitors' },
  { key: 'attendance', title: 'Manage Attendance', flag: 'manage_attendance', icon: 'attendance' },
  { key: 'events', title: 'Events', flag: 'events_navigation', icon: 'events' },
  { key: 'general', title: 'School Life', flag: 'everyone', icon: 'general' },
] as const satisfies readonly { key: string; title: string; flag: Access; icon: string }[];

export type SidebarGroupKey = (typeof sidebarGroups)[number]['key'];
export type TopMenuKey = 'more' | 'financeReports';
export type RouteArea =
  | 'public'
  | 'dashboard'
  | 'fees'
  | 'settings'
  | 'finance'
  | 'assets'
  | 'students'
  | 'medication'
  | 'academics'
  | 'staff'
  | 'communication'
  | 'other'
  | 'users'
  | 'attendance';

export interface ScreenRoute {
  path: string;
  title: string;
  area: RouteArea;
  /** The specification's authentication-required flag: false for the public screens and /streams. */
  auth: boolean;
  /** Who may open it; also decides whether its menu item shows. */
  access: Access;
  /** Sidebar group it is listed in, if any. */
  sidebar?: SidebarGroupKey;
  /** Top-bar menu it is listed in, if any. */
  topMenu?: TopMenuKey;
}

type Row = [path: string, title: string, access: Access, sidebar?: SidebarGroupKey | '' | null, top?: TopMenuKey];

/** Rows per area; a path with {param} is a detail screen reached from another screen, never a menu. */
const table: Record<RouteArea, Row[]> = {
  public: [
    ['/login', 'Sign In', 'public'],
    ['/register', 'Register a School', 'public'],
    ['/recover', 'Recover Password', 'public'],
    ['/lock', 'Screen Locked', 'public'],
    ['/notfound', 'Page Not Found', 'public'],
    ['/error500', 'Server Error', 'public'],
    ['/maintenance', 'Under Maintenance', 'public'],
  ],
  dashboard: [
    ['/dashboardv1', 'Dashboard', 'view_dashboard', 'dashboard'],
    ['/dashboardh', 'Dashboard (Horizontal)', 'view_dashboard', 'dashboard'],
  ],
  fees: [
    ['/fees/categories', 'Fees Categories', 'view_fees_categories', 'fees'],
    ['/fees/pay', 'Pay Fees', 'pay_fees', 'fees'],
    ['/fees/breakdowns', 'Fees Breakdowns', 'view_fees_breakdown', 'fees'],
    ['/fees/payments', 'Fees Payments', 'view_fees_payments', 'fees'],
    ['/online/payments', 'Online Payments', 'view_fees_payments', 'fees'],
    ['/pending/online/payments', 'Pending Online Payments', 'pay_fees', 'fees'],
    ['/search/receipt', 'Search Receipt', 'view_fees_receipt', 'fees'],
    ['/fees/structure', 'Fees Structure', 'view_fees_breakdown', 'fees'],
    ['/fees/previous/debts', 'Previous Debts', 'view_previous_balances', 'fees'],
    ['/fees/additions', 'Fees Additions', 'view_fees_additions', 'fees'],
    ['/fees/deductions', 'Fees Deductions', 'view_fees_deductions', 'fees'],
    ['/bursary/categories', 'Bursary Categories', 'view_bursary_categories', 'fees'],
    ['/fees/bursaries', 'Bursaries', 'view_bursaries', 'fees'],
    ['/fees/receipts', 'Fees Receipts', 'view_fees_receipt', 'fees'],
    ['/fees/demand', 'Demand Notes', 'fees_demand_notice', 'fees'],
    ['/fees/summary', 'Fees Summary', 'fees_collection_summary', null, 'financeReports'],
    ['/fees/payment/{id}', 'Fees Payment', 'view_fees_payments'],
    ['/student/ledger/{id}/{name}', 'Student Ledger', 'view_fees_payments'],
    ['/fees/reports/payments', 'Fees Payments Report', 'fees_payment_report', null, 'financeReports'],
    ['/fees/reports/summary', 'Fees Summary Report', 'fees_summary_report', null, 'financeReports'],
    ['/fees/reports/custom/payments', 'Custom Payments Report', 'custom_payment_report', null, 'financeReports'],
    ['/fees/reports/periodic', 'Periodic Payments Report', 'periodic_payment_report', null, 'financeReports'],
  ],
  settings: [
    ['/settings', 'School Settings', 'general_settings', null, 'more'],
    ['/term/dates', 'Term Dates', 'everyone', 'general', 'more'],
    ['/curriculum', 'Curriculum', 'manage_curriculum', null, 'more'],
    ['/streams', 'Classes and Streams', 'view_streams', null, 'more'],
    ['/settings/modes', 'Payment Modes', 'view_payment_modes', null, 'more'],
    ['/statement/{id}', 'Payment Mode Statement', 'view_payment_modes'],
    ['/audits', 'Audit Trail', 'view_audits', null, 'more'],
  ],
  finance: [
    ['/budget/fyear', 'Financial Years', 'view_fyear', null, 'more'],
    ['/revenues/categories', 'Revenue Categories', 'view_revenue_categories', 'revenues'],
    ['/revenues/projection', 'Revenue Projections', 'project_revenues', null, 'more'],
    ['/revenues/budget', 'Revenue Budget', 'view_revenue_budget', null, 'more'],
    ['/revenues/sources', 'Revenue Sources', 'view_revenue_sources', 'revenues'],
    ['/revenues/view', 'Revenues', 'view_revenues', 'revenues'],
    ['/expenses/categories', 'Expense Categories', 'view_expense_categories', 'expenses'],
    ['/expenses/projection', 'Expense Projections', 'project_expenses', null, 'more'],
    ['/expenses/budget', 'Expense Budget', 'view_expense_budget', null, 'more'],
    ['/expenses/record', 'Record Expenses', 'add_expenses', 'expenses'],
    ['/expenses/view', 'Expenses', 'view_expenses', 'expenses'],
    ['/expenses/creditors', 'Creditors', 'view_creditors', 'expenses'],
    ['/new/requisition', 'New Requisition', 'add_expenses', 'expenses'],
    ['/requisitions/view', 'Requisitions', 'view_expenses', 'expenses'],
    ['/suppliers', 'Suppliers', 'view_suppliers', 'expenses'],
    ['/reports/expenses', 'Expenditure Report', 'expenditure_report', null, 'financeReports'],
    ['/reports/revenues', 'Revenue Report', 'revenue_report', null, 'financeReports'],
    ['/reports/account/analysis', 'Account Analysis', 'account_analysis', null, 'financeReports'],
    ['/income/statement', 'Income Statement', 'income_expenditure_report', null, 'financeReports'],
    ['/reports/budgetToActualOutrun', 'Budget to Actual Outturn', 'budget_actual_outturn', null, 'financeReports'],
    ['/reports/income/expenditure', 'Income and Expenditure', 'income_expenditure_report', null, 'financeReports'],
    ['/reports/cash/flow', 'Cash Flow', 'cash_flow_report', null, 'financeReports'],
  ],
  assets: [
    ['/asset/categories', 'Asset Categories', 'admin', 'assets'],
    ['/asset/locations', 'Asset Locations', 'admin', 'assets'],
    ['/view/assets', 'Assets', 'admin', 'assets'],
    ['/asset/purchases', 'Asset Purchases', 'admin', 'assets'],
    ['/asset/register', 'Asset Register', 'admin', 'assets'],
    ['/asset/labels/{id}', 'Asset Labels', 'admin'],
  ],
  students: [
    ['/addstudent', 'Add Student', 'add_students', 'students'],
    ['/students', 'Students', 'view_students', 'students'],
    ['/new/students', 'New Students', 'view_students', 'students'],
    ['/trashed/students', 'Trashed Students', 'view_students', 'students'],
    ['/students/search', 'Search Students', 'view_students', 'students'],
    ['/students/summary', 'Student Summary', 'view_students', 'students'],
    ['/students/edit', 'Edit Students', 'edit_students', 'students'],
    ['/academics/edit', 'Edit Academic Placement', 'edit_students', 'students'],
    ['/students/combination', 'Assign Combinations', 'edit_students', 'students'],
    ['/students/migrate', 'Migrate Students', 'migrate_students', 'students'],
    ['/student/photos', 'Student Photos', 'edit_students', 'students'],
    ['/student/accounts', 'Student Accounts', 'manage_student_accounts', 'students'],
    ['/guardians', 'Guardians', 'view_students', 'students'],
    ['/old/students', 'Old Students', 'view_students', 'students'],
    ['/old/students/receipts', 'Old Student Receipts', 'view_students', 'students'],
    ['/students/reports/periodic', 'Periodic Student Report', 'view_students', 'students'],
    ['/student/comments', 'Student Comments', 'report_comments', 'students'],
    ['/student/requirements', 'Student Requirements', 'view_requirements', 'students'],
    ['/students/payment/{id}', 'Student Payments', 'view_fees_payments'],
    ['/students/profile/{id}', 'Student Profile', 'view_students'],
    ['/student/idcards', 'Student ID Cards', 'print_student_ids', null, 'more'],
    ['/student/passouts', 'Pass Outs', 'print_student_passouts', null, 'more'],
  ],
  medication: [
    ['/student/medication', 'Student Sick Bay', 'manage_medication_center', 'sickbay'],
    ['/staff/medication', 'Staff Sick Bay', 'manage_medication_center', 'sickbay'],
    ['/medication/report', 'Sick Bay Report', 'manage_medication_center', 'sickbay'],
    ['/medication/periodic', 'Periodic Sick Bay Report', 'manage_medication_center', 'sickbay'],
  ],
  academics: [
    ['/subjects', 'Subjects', 'view_subjects', null, 'more'],
    ['/combinations', 'Combinations', 'view_combinations', null, 'more'],
    ['/subjects/papers', 'Papers', 'view_papers', null, 'more'],
    ['/exam/sets', 'Exam Sets', 'view_exam_sets', null, 'more'],
    ['/exams/grading', 'Grading', 'view_grading', null, 'more'],
    ['/report/setting', 'Report Settings', 'manage_report_cards', null, 'more'],
    ['/system/comments', 'System Comments', 'system_comments', null, 'more'],
    ['/select/enter/exam', 'Select Exam to Enter', 'manage_exam_marks', 'olevel'],
    ['/enter/exam', 'Enter O Level Marks', 'manage_exam_marks', 'olevel'],
    ['/enter/exam/new', 'Enter New Curriculum Marks', 'manage_exam_marks', 'olevel'],
    ['/enter/staff_marks', 'Enter My Marks', 'record_staff_marks', 'olevel'],
    ['/view/exam/marks', 'View Exam Marks', 'view_exam_marksheet', 'olevel'],
    ['/exams/competences', 'Competences', 'manage_competences', 'olevel'],
    ['/exams/projects', 'Projects', 'manage_exam_marks', 'olevel'],
    ['/optional/subjects', 'Optional Subjects', 'manage_optional_subjects', 'olevel'],
    ['/exams/considered/sets', 'Considered Sets', 'manage_considered_sets', 'olevel'],
    ['/new/marksheet', 'Marksheet', 'view_exam_marksheet', 'olevel'],
    ['/new/marksheet100', 'Marksheet (out of 100)', 'view_exam_marksheet', 'olevel'],
    ['/new/subjectmarksheet', 'Subject Marksheet', 'view_exam_marksheet', 'olevel'],
    ['/missing/marks', 'Missing Marks', 'view_exam_marksheet', 'olevel'],
    ['/class/missing/marks', 'Class Missing Marks', 'view_exam_marksheet', 'olevel'],
    ['/new/subject/bygrade', 'Subject Performance by Grade', 'view_exam_marksheet', 'olevel'],
    ['/new/subject/byidf', 'Subject Performance by Identifier', 'view_exam_marksheet', 'olevel'],
    ['/report/comments', 'Report Comments', 'report_comments', 'olevel'],
    ['/report/comments/new', 'New Curriculum Report Comments', 'report_comments', 'olevel'],
    ['/exams/ncdc/report', 'NCDC Report', 'manage_report_cards20', 'olevel'],
    ['/exams/new/reports', 'New Curriculum Report Cards', 'manage_report_cards20', 'olevel'],
    ['/exams/new/reports100', 'New Curriculum Report Cards (out of 100)', 'manage_report_cards20', 'olevel'],
    ['/exams/new/reports100kc', 'New Curriculum Report Cards (key competences)', 'manage_report_cards20', 'olevel'],
    ['/exams/newc/reports', 'New Curriculum Term Reports', 'manage_report_cards20', 'olevel'],
    ['/exams/cbc/reports', 'CBC Report Cards', 'manage_report_cards20', 'olevel'],
    ['/exams/vd/reports', 'O Level Report Cards (detailed)', 'manage_report_cards2', 'olevel'],
    ['/exams/reports', 'O Level Report Cards', 'manage_report_cards2', 'olevel'],
    ['/exam/set/analysis', 'Exam Set Analysis', 'set_analysis', 'olevel'],
    ['/exam/class/performance', 'Class Performance', 'class_performance', 'olevel'],
    ['/enter/alevel/exam', 'Enter A Level Marks', 'manage_exam_marks', 'alevel'],
    ['/considered/papers', 'Considered Papers', 'manage_considered_papers', 'alevel'],
    ['/view/alevel/marksheet', 'A Level Marksheet', 'view_exam_marksheet', 'alevel'],
    ['/alevel/subject/marksheet', 'A Level Subject Marksheet', 'view_exam_marksheet', 'alevel'],
    ['/alevel/missing/marks', 'A Level Missing Marks', 'view_exam_marksheet', 'alevel'],
    ['/report/comments/alevel', 'A Level Report Comments', 'report_comments', 'alevel'],
    ['/exams/alevel/reports', 'A Level Report Cards', 'manage_report_cards2', 'alevel'],
    ['/nc/alevel/reports', 'A Level Report Cards (new curriculum)', 'manage_report_cards2', 'alevel'],
    ['/alevel/set/analysis', 'A Level Set Analysis', 'set_analysis', 'alevel'],
    ['/alevel/subject/analysis', 'A Level Subject Analysis', 'set_analysis', 'alevel'],
    ['/alevel/paper/analysis', 'A Level Paper Analysis', 'set_analysis', 'alevel'],
    ['/alevel/points/analysis', 'A Level Points Analysis', 'set_analysis', 'alevel'],
  ],
  staff: [
    ['/staff/position', 'Staff Positions', 'view_staff_positions', 'staff'],
    ['/staff', 'Staff', 'view_staff', 'staff'],
    ['/staff/profile/{id}', 'Staff Profile', 'view_staff'],
    ['/staff/subjects', 'Teaching Load', 'manage_staff_subjects', 'staff'],
    ['/staff/advances', 'Salary Advances', 'view_staff_advances', 'staff'],
    ['/salary/deductions', 'Salary Deductions', 'view_staff_deductions', 'staff'],
    ['/salary/temp', 'Temporary Salaries', 'view_staff_payments', 'staff'],
    ['/salary/payments', 'Salary Payments', 'view_staff_payments', 'staff'],
    ['/salary/ledger', 'Salary Ledger', 'view_salary_ledger', 'staff'],
    ['/staff/resources', 'Download Center', 'everyone', 'general', 'more'],
  ],
  communication: [
    ['/notification/sms', 'Send SMS', 'send_sms', 'notifications'],
    ['/notification/emails', 'Send E-mails', 'send_emails', 'notifications'],
    ['/notification/report', 'Notifications Report', 'send_sms', 'notifications'],
    ['/sms/packages', 'SMS Packages', 'buy_sms_packages', 'notifications'],
    ['/notification/parents', "Parents' Questions", 'general_settings', 'notifications'],
    ['/e-learning', 'E-Learning', 'everyone', 'general', 'more'],
  ],
  other: [
    ['/departments', 'Departments', 'everyone', 'general', 'more'],
    ['/department/reports', 'Department Reports', 'everyone', 'general', 'more'],
    ['/data/imports', 'Data Imports', 'everyone', 'general', 'more'],
    ['/store/units', 'Units', 'view_units', 'store'],
    ['/store/items', 'Store Items', 'view_store_items', 'store'],
    ['/store/levels', 'Stock Levels', 'view_store_stock', 'store'],
    ['/store/logs/{id}', 'Item Log', 'view_store_stock'],
    ['/store/issued', 'Issued Items', 'view_stock_given', 'store'],
    ['/store/losses', 'Store Losses', 'view_store_loss', 'store'],
    ['/requirements/collection', 'Collect Requirements', 'collect_requirements', 'store'],
    ['/requirement/arrears', 'Requirement Arrears', 'view_requirements', 'store'],
    ['/requirements/report', 'Requirements Report', 'view_requirements', 'store'],
    ['/visitors', 'Visitors Book', 'manage_visitors', 'visitors'],
    ['/visitors/report', 'Visitors Report', 'view_visitors_report', 'visitors'],
    ['/events', 'Events', 'view_events', 'events'],
    ['/events/report', 'Events Report', 'view_events_report', 'events'],
  ],
  users: [
    ['/users', 'Users', 'view_users', null, 'more'],
    ['/user/role', 'User Groups', 'view_roles', null, 'more'],
    ['/user/permissions', 'Permissions', 'manage_permissions', null, 'more'],
    ['/user/profile', 'My Profile', 'everyone'],
  ],
  attendance: [
    ['/attendance', 'Attendance', 'manage_attendance', 'attendance'],
    ['/student/checkIn', 'Student Check In', 'manage_attendance', 'attendance'],
    ['/student/checkOut', 'Student Check Out', 'manage_attendance', 'attendance'],
    ['/staff/checkIn', 'Staff Check In', 'manage_attendance', 'attendance'],
    ['/staff/checkOut', 'Staff Check Out', 'manage_attendance', 'attendance'],
    ['/student/attendance/report', 'Student Attendance Report', 'manage_attendance', 'attendance'],
    ['/student/attendance/summary', 'Student Attendance Summary', 'manage_attendance', 'attendance'],
    ['/staff/attendance/report', 'Staff Attendance Report', 'manage_attendance', 'attendance'],
    ['/staff/attendance/summary', 'Staff Attendance Summary', 'manage_attendance', 'attendance'],
    ['/rollcall/categories', 'Rollcall Categories', 'manage_attendance', 'attendance'],
    ['/rollcall/new', 'Take Rollcall', 'manage_attendance', 'attendance'],
    ['/rollcall/report', 'Rollcall Report', 'manage_attendance', 'attendance'],
  ],
};

export const screenRoutes: readonly ScreenRoute[] = (Object.entries(table) as [RouteArea, Row[]][]).flatMap(
  ([area, rows]) =>
    rows.map(([path, title, access, sidebar, topMenu]) => ({
      path,
      title,
      area,
      auth: area !== 'public' && path !== '/streams',
      access,
      ...(sidebar ? { sidebar } : {}),
      ...(topMenu ? { topMenu } : {}),
    })),
);

/**
 * Screens of the project's own, beyond the specification's 186 (each written down in the README's decisions):
 * the parents' line's settings (USSD and text questions).
 */
export const projectScreens: readonly string[] = ['/notification/parents'];

const byPath = new Map(screenRoutes.map((r) => [r.path, r]));
export const screenRoute = (path: string) => byPath.get(path);

/** Top-bar More Features menu, in the specification's order. */
export const moreFeaturesMenu = [
  '/audits',
  '/settings/modes',
  '/streams',
  '/settings',
  '/curriculum',
  '/budget/fyear',
  '/expenses/budget',
  '/expenses/projection',
  '/revenues/projection',
  '/revenues/budget',
  '/users',
  '/user/role',
  '/user/permissions',
  '/term/dates',
  '/report/setting',
  '/system/comments',
  '/subjects',
  '/exams/grading',
  '/exam/sets',
  '/combinations',
  '/subjects/papers',
  '/staff/resources',
  '/student/idcards',
  '/student/passouts',
  '/e-learning',
  '/departments',
  '/department/reports',
  '/data/imports',
] as const;

/** Top-bar Finance Reports menu, in the specification's order. */
export const financeReportsMenu = [
  '/fees/reports/payments',
  '/fees/reports/summary',
  '/fees/reports/custom/payments',
  '/fees/reports/periodic',
  '/fees/summary',
  '/reports/revenues',
  '/reports/expenses',
  '/income/statement',
  '/reports/income/expenditure',
  '/reports/budgetToActualOutrun',
  '/reports/cash/flow',
  '/reports/account/analysis',
] as const;

/** Sidebar items of one group, in the order the specification lists them (else table order). */
const sidebarOrder: Partial<Record<SidebarGroupKey, readonly string[]>> = {
  fees: [
    '/fees/categories',
    '/fees/pay',
    '/fees/breakdowns',
    '/fees/payments',
    '/online/payments',
    '/pending/online/payments',
    '/search/receipt',
    '/fees/structure',
    '/fees/previous/debts',
    '/fees/additions',
    '/fees/deductions',
    '/bursary/categories',
    '/fees/bursaries',
    '/fees/receipts',
    '/fees/demand',
  ],
  expenses: [
    '/new/requisition',
    '/requisitions/view',
    '/expenses/categories',
    '/expenses/record',
    '/expenses/view',
    '/expenses/creditors',
    '/suppliers',
  ],
  revenues: ['/revenues/categories', '/revenues/sources', '/revenues/view'],
  assets: ['/asset/categories', '/asset/locations', '/view/assets', '/asset/purchases', '/asset/register'],
};

export function sidebarItems(group: SidebarGroupKey): ScreenRoute[] {
  const order = sidebarOrder[group];
  if (order) return order.map((p) => byPath.get(p) as ScreenRoute);
  return screenRoutes.filter((r) => r.sidebar === group);
}

export const topMenuItems = (menu: TopMenuKey): ScreenRoute[] =>
  (menu === 'more' ? moreFeaturesMenu : financeReportsMenu).map((p) => byPath.get(p) as ScreenRoute);

/** Fill {param} placeholders of a route path. */
export const routeHref = (path: string, params: Record<string, string | number>) =>
  path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));

export const homePath = '/dashboardv1';

export interface FlagGroup {
  title: string;
  flags: PermissionFlag[];
}

/**
 * The flags grouped as the menus are, for the permissions grid: the two top-bar menus, then each
 * sidebar group with its navigation flag first. Each flag appears once, where it first shows.
 */
export function flagGroups(): FlagGroup[] {
  const seen = new Set<PermissionFlag>();
  const take = (accesses: Access[]) => {
    const out: PermissionFlag[] = [];
    for (const a of accesses) {
      if (isPermissionFlag(a) && !seen.has(a)) {
        seen.add(a);
        out.push(a);
      }
    }
    return out;
  };
  // The project's own flags follow the flag of the screen they belong to.
  const withOwn = (accesses: Access[]) =>
    accesses.flatMap((a) => [a, ...projectFlags.filter((f) => projectFlagBeside[f] === a)]);
  const groups: FlagGroup[] = [
    { title: 'More Features', flags: take(topMenuItems('more').map((r) => r.access)) },
    { title: 'Finance Reports', flags: take(topMenuItems('financeReports').map((r) => r.access)) },
    ...sidebarGroups.map((g) => ({
      title: g.title,
      flags: take(withOwn([g.flag, ...sidebarItems(g.key).map((r) => r.access)])),
    })),
  ];
  return groups.filter((g) => g.flags.length > 0);
}
