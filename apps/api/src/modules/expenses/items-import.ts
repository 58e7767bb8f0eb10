import { expenseCategories, expenseItems, expenseItemsTemplate, importExpenseItems, messages } from '@somero/contract';
import { sql } from 'drizzle-orm';
import { type AuditEntry, chunks } from '../../core/scope.js';
import { decodeUpload, exampleRefusals, readSheet, templateSheet } from '../../documents/spreadsheet.js';
import type { ModuleContext } from '../module.js';

const example = { category: 'Food', name: 'Maize flour', unit: 'bag (50 kg)', unit_cost: 160000 };
const columns = [
  { header: 'Category', key: 'category', width: 24 },
  { header: 'Name', key: 'name', width: 32 },
  { header: 'Unit', key: 'unit', width: 16 },
  { header: 'Unit cost', key: 'unit_cost', width: 14 },
];

/** A unit cost as typed: whole shillings, commas, spaces and "UGX" allowed; empty is 0. */
function unitCost(text: string | undefined): number | null {
  const cleaned = (text ?? '').replace(/[,\s]/g, '').replace(/^UGX/i, '');
  if (!cleaned) return 0;
  if (!/^\d+$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return n <= 2_000_000_000 ? n : null;
}

/**
 * Expense items from a spreadsheet (category, name, unit, unit cost), all or nothing: every row is
 * checked first (a category the school has, a name new to the school and to the file, a whole unit
 * cost) and any error imports nothing. The template's example (on its Notes sheet) is never imported.
 */
export function itemImportRoutes({ serve }: ModuleContext) {
  serve(expenseItemsTemplate, async ({ reply }) =>
    reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="expense-items-import.xlsx"')
      .send(
        await templateSheet(
          'Expense items',
          columns,
          [example],
          [
            'One expense item a row: the Category it belongs to (one of the school’s expense categories, as named on the Expense Categories screen), its Name, the Unit it is bought in and its usual Unit cost in whole shillings.',
            'Required: Category and Name. Names already in the school are refused.',
            'All or nothing: if any row has a mistake, nothing is imported and each mistake is listed with its row.',
          ],
        ),
      ),
  );

  serve(importExpenseItems, async ({ input, scope }) => {
    const sheet = await readSheet(decodeUpload(input.data));
    const missing = ['category', 'name'].filter((c) => !sheet.headers.includes(c));
    if (missing.length)
      return {
        data: { imported: 0, rejected: [{ row: 1, errors: missing.map((c) => `The column ${c} is missing`) }] },
        message: messages.expenses.importItems.failure,
      };
    const sameAsExample = (v: Record<string, string>) =>
      (v.category ?? '').toLowerCase() === example.category.toLowerCase() &&
      (v.name ?? '').toLowerCase() === example.name.toLowerCase();
    const refused = exampleRefusals(sheet, sameAsExample, 'expense items');
    if (refused) return { data: { imported: 0, rejected: refused }, message: messages.expenses.importItems.failure };

    const [categories, items] = await Promise.all([
      scope.db
        .select({ id: expenseCategories.id, name: sql<string>`lower(${expenseCategories.name})` })
        .from(expenseCategories)
        .where(scope.mine(expenseCategories)),
      scope.db
        .select({ name: sql<string>`lower(${expenseItems.name})` })
        .from(expenseItems)
        .where(scope.mine(expenseItems)),
    ]);
    const categoryOf = new Map(categories.map((c) => [c.name, c.id]));
    const taken = new Set(items.map((i) => i.name));
    const inFile = new Map<string, number>();
    const rows: (typeof expenseItems.$inferInsert)[] = [];
    const rejected: { row: number; errors: string[] }[] = [];
    for (const { row, values } of sheet.rows) {
      const errors: string[] = [];
      const category = categoryOf.get((values.category ?? '').toLowerCase());
      const name = (values.name ?? '').trim();
      const cost = unitCost(values.unit_cost);
      if (!values.category) errors.push('Category is empty');
      else if (!category) errors.push(`No expense category named ${values.category}: add it first`);
      if (!name) errors.push('Name is empty');
      else if (name.length > 120) errors.push('Name is longer than 120 characters');
      else if (taken.has(name.toLowerCase())) errors.push(`The school already has an item named ${name}`);
      else if (inFile.has(name.toLowerCase()))
        errors.push(`The same name is on row ${inFile.get(name.toLowerCase())} too`);
      if (cost === null) errors.push('Unit cost must be a whole number of shillings');
      if (name) inFile.set(name.toLowerCase(), inFile.get(name.toLowerCase()) ?? row);
      if (errors.length) rejected.push({ row, errors });
      else
        rows.push({
          schoolId: scope.schoolId,
          categoryId: category as number,
          name,
          unit: values.unit || null,
          unitCost: cost ?? 0,
        });
    }
    if (rejected.length) return { data: { imported: 0, rejected }, message: messages.expenses.importItems.failure };
    await scope.transaction(async (tx) => {
      const audit: AuditEntry[] = [];
      for (const part of chunks(rows))
        for (const m of await tx.db.insert(expenseItems).values(part).returning())
          audit.push({ action: 'import', module: 'expenses', entity: 'expense_items', entityId: m.id, after: m });
      await tx.auditMany(audit);
    });
    return { data: { imported: rows.length, rejected: [] }, message: messages.expenses.importItems.success };
  });
}
