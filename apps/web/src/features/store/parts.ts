import type { StoreMovementRow } from '@somero/contract';
import type { TFunction } from 'i18next';
import { createElement } from 'react';
import { formatMoney } from '../../lib/format';

/** A quantity as people write it (1,250 or 12.5), with its unit. */
export const quantity = (n: number, unit?: string) =>
  `${Math.abs(n).toLocaleString('en-GB', { maximumFractionDigits: 2 })}${unit ? ` ${unit}` : ''}`;

/** Where a movement came from or went: "From Nakasero Wholesalers (on credit)", "To the kitchen", "Spoilt: …". */
export function movementDetail(m: StoreMovementRow, t: TFunction) {
  switch (m.kind) {
    case 'receipt': {
      const from = m.supplier_name ?? t(`source.${m.source ?? 'other'}`);
      const paid = m.on_credit
        ? t('log.onCredit')
        : m.mode_name
          ? t('log.paidFrom', { mode: m.mode_name })
          : m.expense_line_id && m.reference
            ? t('log.boughtOn', { purchase: m.reference })
            : '';
      return [t('log.from', { from }), paid].filter(Boolean).join(' · ');
    }
    case 'issue':
      return m.issued_to === 'kitchen'
        ? t('log.toKitchen')
        : t('log.to', {
            to: [m.department_name, m.person].filter(Boolean).join(', '),
          });
    case 'loss':
      return `${t(`lossKind.${m.loss_kind ?? 'other'}`)}${m.note ? `: ${m.note}` : ''}`;
    default:
      return t('log.reverses', { id: m.reverses, reason: m.reason ?? '' });
  }
}

/** Shillings that never break across lines in a narrow column. */
export const Money = ({ value }: { value: number }) =>
  createElement('span', { style: { whiteSpace: 'nowrap' } }, formatMoney(value));
