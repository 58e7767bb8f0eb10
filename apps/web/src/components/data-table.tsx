import { Table } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from './centered-loader';
import { EmptyRow } from './empty-row';
import { LoadError } from './load-error';
import { Pager } from './pager';
import { SortHeader, type Sorting } from './sort-header';

export interface Column<Row> {
  /** The row's field shown when there is no `render`, and the sort name of a sortable column. */
  key: string;
  label: string;
  render?: (row: Row) => ReactNode;
  /** Money and counts line up on the right. */
  numeric?: boolean;
  sortable?: boolean;
  width?: number;
}

/** What a table needs of a react-query result to show loading and errors. */
export interface QueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface Props<Row> {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  /** Loading and error states come from the query; without one the rows are shown as given. */
  query?: QueryState;
  /** The text of the single row when there are no rows. */
  empty: string;
  rowKey?: (row: Row) => string | number;
  sorting?: Sorting;
  onSort?: (next: Sorting) => void;
  /** Buttons at the end of each row (edit, delete, print…). */
  actions?: (row: Row) => ReactNode;
  /** A totals row: cells by column key. */
  totals?: Partial<Record<string, ReactNode>>;
  /** Server paging under the table. */
  paging?: { page: number; perPage: number; total: number; onChange: (page: number) => void };
  /** Attributes of a row: data-* for tests, onClick and style for rows that open something. */
  rowProps?: (row: Row) => ComponentPropsWithoutRef<'tr'> & Record<`data-${string}`, string | undefined>;
  minWidth?: number;
}

const cell = <Row,>(column: Column<Row>, row: Row): ReactNode =>
  column.render ? column.render(row) : ((row as Record<string, ReactNode>)[column.key] ?? '');

/**
 * Every list screen's table: headings (sortable on the server when asked), the rows or one "none"
 * row, row actions, a totals row and the pager. Loading and errors show in place of the table.
 */
export function DataTable<Row>({
  columns,
  rows,
  query,
  empty,
  rowKey = (row) => (row as { id: number }).id,
  sorting,
  onSort,
  actions,
  totals,
  paging,
  rowProps,
  minWidth,
}: Props<Row>) {
  const { t } = useTranslation();
  if (query?.isPending) return <CenteredLoader />;
  if (query?.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const span = columns.length + (actions ? 1 : 0);
  const align = (c: Column<Row>) => (c.numeric ? 'right' : undefined);
  return (
    <>
      <Table.ScrollContainer
        minWidth={minWidth ?? span * 130}
        // A table wider than the screen scrolls sideways: keyboard users reach it too (WCAG 2.1.1).
        scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
      >
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) =>
                c.sortable && sorting && onSort ? (
                  <SortHeader key={c.key} name={c.key} sorting={sorting} onSort={onSort}>
                    {c.label}
                  </SortHeader>
                ) : (
                  <Table.Th key={c.key} w={c.width} ta={align(c)}>
                    {c.label}
                  </Table.Th>
                ),
              )}
              {actions ? <Table.Th aria-label={t('common.actions')} /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!rows || rows.length === 0 ? (
              <EmptyRow colSpan={span}>{empty}</EmptyRow>
            ) : (
              rows.map((row) => (
                <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta={align(c)}>
                      {cell(c, row)}
                    </Table.Td>
                  ))}
                  {actions ? <Table.Td onClick={(e) => e.stopPropagation()}>{actions(row)}</Table.Td> : null}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
          {totals && rows && rows.length > 0 ? (
            <Table.Tfoot>
              <Table.Tr fw={700} data-testid="totals-row">
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={align(c)}>
                    {totals[c.key] ?? ''}
                  </Table.Td>
                ))}
                {actions ? <Table.Td /> : null}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </Table.ScrollContainer>
      {paging ? <Pager {...paging} /> : null}
    </>
  );
}
