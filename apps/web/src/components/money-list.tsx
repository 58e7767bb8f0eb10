import { Badge, Group, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../lib/api';
import { DateRangeFields, StatusFilter, type ValidOrVoid } from './list-filters';
import { SearchField, useSearch } from './paged-list';
import { RowActions, VoidButton } from './row-actions';
import { VoidDialog } from './void-dialog';

/**
 * The lists of money documents (revenues, expenses, asset purchases, payments) share their frame: dates,
 * status and search filters around the area's own, a status badge (valid, amended, void with its reason),
 * the row's edit and void buttons and the void dialog. Each area's words come from its namespace `ns`
 * (`list.from`, `list.to`, `list.search`, `list.searchHint`, `status.*`, `void.*`).
 */
export function useMoneyFilters() {
  const [range, setRange] = useState({ from: '', to: '' });
  const [status, setStatus] = useState<ValidOrVoid | null>(null);
  const search = useSearch();
  return {
    range,
    setRange,
    status,
    setStatus,
    search,
    /** The shared part of the list call's filters; the area adds its own. */
    filters: {
      from: range.from || undefined,
      to: range.to || undefined,
      status: status ?? undefined,
      search: search.term,
    },
  };
}

/** The filter row: dates first, the area's own filters (`children`), then status and search. */
export function MoneyFilters({
  ns,
  state,
  statusWidth = 120,
  searchWidth,
  searchHint,
  children,
}: {
  ns: string;
  state: ReturnType<typeof useMoneyFilters>;
  statusWidth?: number;
  searchWidth?: number;
  /** The search box's placeholder; the area's `list.searchHint` unless given. */
  searchHint?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <Group mb="md" align="flex-end" wrap="wrap">
      <DateRangeFields
        value={state.range}
        onChange={state.setRange}
        labels={{ from: t('list.from'), to: t('list.to') }}
      />
      {children}
      <StatusFilter ns={ns} value={state.status} onChange={state.setStatus} w={statusWidth} />
      <SearchField
        search={state.search}
        label={t('list.search')}
        placeholder={searchHint ?? t('list.searchHint')}
        w={searchWidth}
      />
    </Group>
  );
}

/** A money amount in a list cell, struck through when the document is void. */
export function MoneyCell({ amount, void: isVoid, testId }: { amount: string; void: boolean; testId?: string }) {
  return (
    <Text size="sm" td={isVoid ? 'line-through' : undefined} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
      {amount}
    </Text>
  );
}

interface StatusProps {
  ns: string;
  document: { status: string; void_reason?: string | null; amend_reason?: string | null };
  /** `revenue` gives the badges' test ids `revenue-status` and `revenue-amended`. */
  testId: string;
  /** The amended badge's word: the area's `status.amended` unless given. */
  amended?: string;
  /** A void document shows its reason beside the badge too. */
  showVoidReason?: boolean;
}

/** Valid (and Amended, the last correction's reason in its title) or Void (the reason in its title). */
export function MoneyStatus({ ns, document, testId, amended, showVoidReason = false }: StatusProps) {
  const { t } = useTranslation(ns);
  if (document.status === 'void') {
    const badge = (
      <Badge variant="light" color="red" title={document.void_reason ?? ''} data-testid={`${testId}-status`}>
        {t('status.void')}
      </Badge>
    );
    if (!showVoidReason) return badge;
    return (
      <Group gap={4} wrap="nowrap">
        {badge}
        <Text size="xs" c="dimmed" data-testid="void-reason">
          {document.void_reason ?? ''}
        </Text>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color="green" data-testid={`${testId}-status`}>
        {t('status.valid')}
      </Badge>
      {document.amend_reason ? (
        <Badge variant="light" color="yellow" title={document.amend_reason} data-testid={`${testId}-amended`}>
          {amended ?? t('status.amended')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** A valid document's buttons: the area's own (`children`), edit, and void. */
export function MoneyRowActions({
  ns,
  name,
  onEdit,
  onVoid,
  children,
}: {
  ns: string;
  name: string;
  onEdit: () => void;
  onVoid: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <RowActions name={name} onEdit={onEdit}>
      {children}
      <VoidButton label={t('void.action')} ariaLabel={t('void.named', { name })} onClick={onVoid} />
    </RowActions>
  );
}

/** Voiding a document with its reason: the area's `void.title` and `void.confirm`, reloading the list after. */
export function MoneyVoidDialog({
  ns,
  name,
  message,
  send,
  onClose,
  onVoided,
}: {
  ns: string;
  name: string;
  message: string;
  send: (reason: string) => Promise<ApiResult<unknown, unknown>>;
  onClose: () => void;
  onVoided: () => void;
}) {
  const { t } = useTranslation(ns);
  return (
    <VoidDialog
      title={t('void.title', { name })}
      message={message}
      confirm={t('void.confirm')}
      onClose={onClose}
      onVoid={async (reason) => {
        const result = await send(reason);
        if (result.ok) onVoided();
        return result;
      }}
    />
  );
}
