import {
  addStoreLoss,
  deleteStoreLog,
  departments,
  editStoreLog,
  giveOutItem,
  itemLogs,
  linkRequirementItem as linkRequirementItemCall,
  paymentModes,
  receivePurchase as receivePurchaseCall,
  receiveRequirements as receiveRequirementsCall,
  receiveStock as receiveStockCall,
  requirementsInStore as requirementsInStoreCall,
  storeChoices,
  storeItems,
  storeLevel,
  storeMovements,
  storePurchases as storePurchasesCall,
  storeUnits,
  suppliers,
  viewIssued,
  viewStoreLosses,
} from '@somero/contract';
import { and, asc, count, eq, exists, gte, ilike, lte, or, type SQL, sql, sum } from 'drizzle-orm';
import { NotFound } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';
import {
  correctMovement,
  levelRows,
  movementRow,
  movementRows,
  receiveStock,
  reverseMovement,
  takeStock,
} from './movements.js';
import { receivePurchase, storePurchase, storePurchases } from './purchases.js';
import { linkRequirementItem, receiveRequirements, requirementsInStore } from './requirements.js';
import { fromHundredths } from './rules.js';

/** The filters the issued and losses lists share: kind, Kampala days, item, a search of names and notes. */
function listWhere(
  scope: SchoolScope,
  kind: 'issue' | 'loss',
  input: { from?: string; to?: string; item_id?: number; search?: string | null; valid_only?: boolean },
  extra: (SQL | undefined)[],
) {
  const search = input.search ? `%${input.search}%` : undefined;
  return scope.mine(
    storeMovements,
    eq(storeMovements.kind, kind),
    input.from ? gte(storeMovements.movedOn, input.from) : undefined,
    input.to ? lte(storeMovements.movedOn, input.to) : undefined,
    input.item_id ? eq(storeMovements.itemId, input.item_id) : undefined,
    input.valid_only ? eq(storeMovements.status, 'valid') : undefined,
    search
      ? or(
          ilike(storeMovements.person, search),
          ilike(storeMovements.note, search),
          exists(
            scope.db
              .select({ one: sql`1` })
              .from(storeItems)
              .where(
                and(
                  eq(storeItems.schoolId, storeMovements.schoolId),
                  eq(storeItems.id, storeMovements.itemId),
                  ilike(storeItems.name, search),
                ),
              ),
          ),
          exists(
            scope.db
              .select({ one: sql`1` })
              .from(departments)
              .where(
                and(
                  eq(departments.schoolId, storeMovements.schoolId),
                  eq(departments.id, storeMovements.departmentId),
                  ilike(departments.name, search),
                ),
              ),
          ),
        )
      : undefined,
    ...extra,
  );
}

/** A page of issues or losses, newest first, with the count and value of the valid ones. */
async function movementPage(scope: SchoolScope, where: SQL, page: { page: number; per_page: number }) {
  const [data, [counted], [valid]] = await Promise.all([
    movementRows(scope, where, { limit: page.per_page, offset: (page.page - 1) * page.per_page, newest: true }),
    scope.db.select({ n: count() }).from(storeMovements).where(where),
    scope.db
      .select({ n: count(), value: sum(storeMovements.value) })
      .from(storeMovements)
      .where(and(where, eq(storeMovements.status, 'valid'))),
  ]);
  return {
    data,
    page: page.page,
    per_page: page.per_page,
    total: counted?.n ?? 0,
    totals: { count: valid?.n ?? 0, value: -Number(valid?.value ?? 0) },
    message: '',
  };
}

export function storeRoutes({ serve }: ModuleContext) {
  serve(requirementsInStoreCall, async ({ input, scope }) => ({ data: await requirementsInStore(scope, input) }));
  serve(receiveRequirementsCall, async ({ input, scope }) => ({
    data: await receiveRequirements(scope, input),
    message: "Students' requirements received into the store",
  }));

  serve(linkRequirementItemCall, async ({ input, scope }) => {
    const linked = await linkRequirementItem(scope, input.requirement, input.store_item_id);
    return { data: linked, message: '' };
  });

  serve(receiveStockCall, async ({ input, scope }) => {
    const made = await scope.transaction((tx) =>
      receiveStock(tx, {
        itemId: input.item_id,
        quantity: input.quantity,
        unitCost: input.unit_cost,
        receivedOn: input.received_on,
        source: input.source,
        supplierId: input.supplier_id ?? null,
        payment: input.payment,
        modeId: input.mode_id ?? null,
        reference: input.reference ?? null,
        note: input.note ?? null,
      }),
    );
    return { data: await movementRow(scope, made.id), message: 'Stock received' };
  });

  serve(storePurchasesCall, async ({ input, scope }) => ({ data: await storePurchases(scope, input.expense_id) }));

  serve(receivePurchaseCall, async ({ input, scope }) => {
    const made = await scope.transaction((tx) =>
      receivePurchase(tx, {
        expenseId: input.expense_id,
        lines: input.lines.map((l) => ({ lineId: l.line_id, quantity: l.quantity })),
        receivedOn: input.received_on,
        note: input.note ?? null,
      }),
    );
    return {
      data: await storePurchase(scope, input.expense_id),
      message: made.length === 1 ? 'Received into the store' : `${made.length} items received into the store`,
    };
  });

  serve(giveOutItem, async ({ input, scope }) => {
    const made = await scope.transaction((tx) =>
      takeStock(tx, 'issue', {
        itemId: input.item_id,
        quantity: input.quantity,
        on: input.issued_on,
        issuedTo: input.issued_to,
        departmentId: input.department_id ?? null,
        person: input.person ?? null,
        note: input.note ?? null,
      }),
    );
    return { data: await movementRow(scope, made.id), message: 'Stock issued' };
  });

  serve(addStoreLoss, async ({ input, scope }) => {
    const made = await scope.transaction((tx) =>
      takeStock(tx, 'loss', {
        itemId: input.item_id,
        quantity: input.quantity,
        on: input.lost_on,
        lossKind: input.loss_kind,
        note: input.reason,
      }),
    );
    return { data: await movementRow(scope, made.id), message: 'Loss recorded' };
  });

  serve(storeLevel, async ({ scope }) => {
    const items = await levelRows(scope);
    return {
      data: {
        items,
        total_value: items.reduce((n, i) => n + i.value, 0),
        below_count: items.filter((i) => i.below_reorder).length,
      },
    };
  });

  serve(itemLogs, async ({ input, scope }) => {
    const [item] = await levelRows(scope, input.id);
    if (!item) throw new NotFound('store item');
    const lines = await movementRows(
      scope,
      scope.mine(
        storeMovements,
        eq(storeMovements.itemId, input.id),
        input.from ? gte(storeMovements.movedOn, input.from) : undefined,
        input.to ? lte(storeMovements.movedOn, input.to) : undefined,
      ),
    );
    return { data: { item, lines } };
  });

  serve(editStoreLog, async ({ id, input, scope }) => {
    const made = await scope.transaction((tx) =>
      correctMovement(tx, id, {
        quantity: input.quantity,
        unitCost: input.unit_cost,
        movedOn: input.moved_on,
        issuedTo: input.issued_to,
        departmentId: input.department_id,
        person: input.person,
        lossKind: input.loss_kind,
        note: input.note,
        reason: input.reason,
      }),
    );
    return { data: await movementRow(scope, made.id), message: 'Corrected: the old entry is reversed' };
  });

  serve(deleteStoreLog, async ({ input, scope }) => {
    const reversal = await scope.transaction((tx) => reverseMovement(tx, input.id, input.reason));
    return { data: await movementRow(scope, reversal.id), message: 'Reversed' };
  });

  serve(viewIssued, async ({ input, scope }) =>
    movementPage(
      scope,
      listWhere(scope, 'issue', input, [
        input.issued_to ? eq(storeMovements.issuedTo, input.issued_to) : undefined,
        input.department_id ? eq(storeMovements.departmentId, input.department_id) : undefined,
      ]),
      input,
    ),
  );

  serve(viewStoreLosses, async ({ input, scope }) =>
    movementPage(
      scope,
      listWhere(scope, 'loss', input, [input.loss_kind ? eq(storeMovements.lossKind, input.loss_kind) : undefined]),
      input,
    ),
  );

  serve(storeChoices, async ({ scope }) => {
    const [items, depts, supplierRows, modes] = await Promise.all([
      scope.db
        .select({
          id: storeItems.id,
          name: storeItems.name,
          unit: sql<string>`coalesce(nullif(${storeUnits.short}, ''), ${storeUnits.name})`,
          balance: storeItems.balance,
        })
        .from(storeItems)
        .innerJoin(storeUnits, and(eq(storeUnits.schoolId, storeItems.schoolId), eq(storeUnits.id, storeItems.unitId)))
        .where(scope.mine(storeItems))
        .orderBy(asc(storeItems.name)),
      scope.db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(scope.mine(departments))
        .orderBy(asc(departments.name)),
      scope.db
        .select({ id: suppliers.id, name: suppliers.name })
        .from(suppliers)
        .where(scope.mine(suppliers))
        .orderBy(asc(suppliers.name)),
      scope.db
        .select({ id: paymentModes.id, name: paymentModes.name })
        .from(paymentModes)
        .where(scope.mine(paymentModes, eq(paymentModes.active, true)))
        .orderBy(asc(paymentModes.name)),
    ]);
    return {
      data: {
        items: items.map((i) => ({ ...i, balance: fromHundredths(i.balance) })),
        departments: depts,
        suppliers: supplierRows,
        modes,
      },
    };
  });
}
