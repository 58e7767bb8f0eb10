import { Badge } from '@mantine/core';
import { phoneDisplay, type VisitRow, visitorTypes } from '@somero/contract';
import { useTranslation } from 'react-i18next';

const colours = { open: 'blue', closed: 'green', deleted: 'red' } as const;

export function VisitStatus({ visit }: { visit: VisitRow }) {
  const { t } = useTranslation('visitors');
  return (
    <Badge
      variant="light"
      color={colours[visit.status]}
      title={visit.delete_reason ?? undefined}
      data-testid="visit-status"
    >
      {t(`status.${visit.status}`)}
    </Badge>
  );
}

/** "1 h 05 min", "45 min". */
export function stayLabel(minutes: number | null): string {
  if (minutes === null) return '';
  if (minutes < 60) return `${minutes} min`;
  const m = minutes % 60;
  return m ? `${Math.floor(minutes / 60)} h ${String(m).padStart(2, '0')} min` : `${minutes / 60} h`;
}

/** The visitor as a line: name, phone, kind. */
export function visitorLine(v: VisitRow): string {
  const kind = visitorTypes.find((k) => k.value === v.visitor_type)?.label ?? v.visitor_type;
  return [v.visitor_name, phoneDisplay(v.phone), kind].filter(Boolean).join(' · ');
}
