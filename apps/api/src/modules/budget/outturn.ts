import { type BudgetSplit, budgetActualOutturn, type Outturn } from '@somero/contract';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { Invalid } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { dayMonthYear } from '../../documents/format.js';
import { renderPdf, schoolHeader } from '../../documents/pdf.js';
import { newWorkbook, toBuffer } from '../../documents/spreadsheet.js';
import type { ModuleContext } from '../module.js';
import { checkRange } from '../reports.js';
import { schoolForDocuments } from '../settings/index.js';
import { budgetInRange, percentOfBudget, variance } from './budget-rules.js';
import { accountKey, actualsOf, categoriesOf, linesOf, type Side, splitPeriods } from './figures.js';
import { yearOf, yearRow } from './years.js';

type Line = Outturn['revenues'][number];

const totalOf = (side: Side, lines: Line[]) => {
  const budget = lines.reduce((a, l) => a + l.budget, 0);
  const actual = lines.reduce((a, l) => a + l.actual, 0);
  return { budget, actual, variance: variance(side, budget, actual), percent: percentOfBudget(budget, actual) };
};

/** Budget against actual per category for a financial year, or a range of dates (the year's by default). */
export async function outturnOf(
  scope: SchoolScope,
  input: { year_id?: number; from?: string; to?: string },
): Promise<Outturn> {
  const year = await yearOf(scope, input.year_id);
  const range = { from: input.from ?? year.startsOn, to: input.to ?? year.endsOn };
  checkRange(range.from, range.to);
  const [actuals, split] = await Promise.all([actualsOf(scope, range), splitPeriods(scope, year)]);
  const side = async (s: Side): Promise<Line[]> => {
    const [cats, lines] = await Promise.all([categoriesOf(scope, s), linesOf(scope, year.id, s)]);
    return cats.map((c) => {
      const line = lines.find((l) => l.kind === c.kind && l.categoryId === c.categoryId);
      const budget = line ? budgetInRange(line.amount, split.periods(line.split as BudgetSplit), line.parts, range) : 0;
      const actual = actuals.get(accountKey(c.kind, c.categoryId)) ?? 0;
      return {
        kind: c.kind,
        category_id: c.categoryId,
        name: c.name,
        budget,
        actual,
        variance: variance(s, budget, actual),
        percent: percentOfBudget(budget, actual),
      };
    });
  };
  const [revenues, expenses] = await Promise.all([side('revenue'), side('expense')]);
  const revenueTotal = totalOf('revenue', revenues);
  const expenseTotal = totalOf('expense', expenses);
  return {
    year: yearRow(year),
    from: range.from,
    to: range.to,
    revenues,
    expenses,
    revenue_total: revenueTotal,
    expense_total: expenseTotal,
    surplus: { budget: revenueTotal.budget - expenseTotal.budget, actual: revenueTotal.actual - expenseTotal.actual },
  };
}

const title = (o: Outturn) =>
  `Budget to actual outturn, ${o.year.name}: ${dayMonthYear(o.from)} to ${dayMonthYear(o.to)}`;

/** The report as a spreadsheet: numbers as numbers (shillings with separators), totals rows in bold, header frozen. */
async function outturnSheet(o: Outturn): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('Budget to actual', { views: [{ state: 'frozen', ySplit: 3 }] });
  sheet.columns = [
    { key: 'section', width: 12 },
    { key: 'name', width: 34 },
    { key: 'budget', width: 16 },
    { key: 'actual', width: 16 },
    { key: 'variance', width: 16 },
    { key: 'percent', width: 12 },
  ];
  sheet.getRow(1).values = [title(o)];
  sheet.getRow(1).font = { bold: true, size: 12 };
  sheet.getRow(3).values = ['Section', 'Category', 'Budget (UGX)', 'Actual (UGX)', 'Variance (UGX)', '% of budget'];
  sheet.getRow(3).font = { bold: true };
  const add = (section: string, name: string, l: Omit<Line, 'kind' | 'category_id' | 'name'>, bold = false) => {
    const row = sheet.addRow({
      section,
      name,
      budget: l.budget,
      actual: l.actual,
      variance: l.variance,
      percent: l.percent === null ? null : l.percent / 100,
    });
    for (const key of ['budget', 'actual', 'variance']) row.getCell(key).numFmt = '#,##0;(#,##0)';
    row.getCell('percent').numFmt = '0.0%';
    if (bold) row.font = { bold: true };
  };
  for (const l of o.revenues) add('Revenue', l.name, l);
  add('Revenue', 'Total revenue', o.revenue_total, true);
  for (const l of o.expenses) add('Expense', l.name, l);
  add('Expense', 'Total expenses', o.expense_total, true);
  const surplus = sheet.addRow({ section: '', name: 'Surplus (deficit)', ...o.surplus });
  for (const key of ['budget', 'actual']) surplus.getCell(key).numFmt = '#,##0;(#,##0)';
  surplus.font = { bold: true };
  return toBuffer(workbook);
}

const ugx = (n: number) => (n < 0 ? `(${Math.abs(n).toLocaleString('en-US')})` : n.toLocaleString('en-US'));
const pct = (p: number | null) => (p === null ? '–' : `${p.toFixed(1)}%`);

/** The report as a printable PDF under the school's header. */
async function outturnPdf(scope: SchoolScope, o: Outturn): Promise<Buffer> {
  const school = await schoolForDocuments(scope);
  const head = ['Category', 'Budget (UGX)', 'Actual (UGX)', 'Variance (UGX)', '% of budget'].map(
    (text, i): TableCell => ({ text, bold: true, alignment: i ? 'right' : 'left' }),
  );
  const row = (name: string, l: Omit<Line, 'kind' | 'category_id' | 'name'>, bold = false): TableCell[] => [
    { text: name, bold },
    { text: ugx(l.budget), alignment: 'right', bold },
    { text: ugx(l.actual), alignment: 'right', bold },
    { text: ugx(l.variance), alignment: 'right', bold },
    { text: pct(l.percent), alignment: 'right', bold },
  ];
  const table = (heading: string, lines: Line[], total: Outturn['revenue_total'], totalName: string): Content[] => [
    { text: heading, bold: true, margin: [0, 8, 0, 4] },
    {
      table: {
        headerRows: 1,
        widths: ['*', 80, 80, 80, 55],
        body: [head, ...lines.map((l) => row(l.name, l)), row(totalName, total, true)],
      },
      layout: 'lightHorizontalLines',
      fontSize: 9,
    },
  ];
  const content: Content[] = [
    schoolHeader(school, title(o)),
    ...table('Revenue', o.revenues, o.revenue_total, 'Total revenue'),
    ...table('Expenditure', o.expenses, o.expense_total, 'Total expenses'),
    {
      text: `Surplus (deficit): budget ${ugx(o.surplus.budget)}, actual ${ugx(o.surplus.actual)}`,
      bold: true,
      margin: [0, 10, 0, 0],
      fontSize: 10,
    },
    {
      text: 'Variance is positive when it favours the school: income above budget, spending below it.',
      italics: true,
      fontSize: 8,
      margin: [0, 6, 0, 0],
    },
  ];
  return renderPdf({ pageSize: 'A4', pageMargins: [36, 36, 36, 36], content, info: { title: title(o) } });
}

export function outturnRoutes({ serve }: ModuleContext) {
  serve(budgetActualOutturn, async ({ input, scope, reply }) => {
    if ((input.from && !input.to) || (!input.from && input.to))
      throw new Invalid(input.from ? 'to' : 'from', 'Give both dates, or neither for the whole year');
    const o = await outturnOf(scope, input);
    if (input.format === 'xlsx')
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="budget_to_actual_${o.year.name.replace(/\W+/g, '_')}.xlsx"`,
        )
        .send(await outturnSheet(o));
    if (input.format === 'pdf')
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="budget_to_actual_${o.year.name.replace(/\W+/g, '_')}.pdf"`)
        .send(await outturnPdf(scope, o));
    return { data: o };
  });
}
