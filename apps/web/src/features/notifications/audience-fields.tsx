import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { smsPlaceholders } from '@somero/contract';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassStreamSelect } from '../../components/class-stream-select';
import { MoneyInput } from '../../components/money-input';

/* The fields SMS and e-mail share: whom to send to (AudienceFields) and the message's placeholders. */

/** The audience whose list is typed by hand, which is also the request's field for the list. */
type Typed = 'numbers' | 'addresses';

/**
 * Who a message goes to: the audience, a class and stream, the balance owed, or the typed list (under
 * the request's own name, `numbers` or `addresses`). The send form's values, named as its call's input.
 */
export interface AudienceChoice<A extends string> {
  audience: A;
  class_id?: number;
  stream_id?: number;
  min_balance: number | null;
  numbers?: string;
  addresses?: string;
}

/** Guardians of a class, owing more than nothing when the audience becomes "owing". */
export const firstAudience = { audience: 'class', min_balance: 0 } as const;

/** Whether the audience is students' guardians (not staff nor typed numbers or addresses). */
export const forStudents = (audience: string) =>
  audience !== 'staff' && audience !== 'numbers' && audience !== 'addresses';

/** A field message as text (the class and stream selects take text). */
const text = (message: ReactNode) => (typeof message === 'string' ? message : undefined);

/** The request's audience fields (the typed list is the caller's own field). */
export function audienceBody<A extends string>(choice: AudienceChoice<A>) {
  const students = forStudents(choice.audience);
  return {
    audience: choice.audience,
    class_id: students ? choice.class_id : undefined,
    stream_id: students ? choice.stream_id : undefined,
    min_balance: choice.audience === 'owing' ? (choice.min_balance ?? 0) : undefined,
  };
}

/** Puts AudienceFields' change into the send form's values, field by field (each keeps its own message). */
export function setAudience<A extends string, K extends keyof AudienceChoice<A>>(
  setValue: (name: K, value: AudienceChoice<A>[K]) => void,
  change: Partial<AudienceChoice<A>>,
) {
  for (const [name, value] of Object.entries(change)) setValue(name as K, value as AudienceChoice<A>[K]);
}

interface Props<A extends string> {
  /** The screen's words: 'notifications' (SMS) or 'emails'; both have the same `fields` and `audiences` keys. */
  ns: 'notifications' | 'emails';
  audiences: readonly A[];
  typed: Typed;
  value: AudienceChoice<A>;
  /** The fields changed. */
  onChange: (change: Partial<AudienceChoice<A>>) => void;
  /** A field left: the form checks it (lib/contract-form.ts). */
  onLeave?: (name: 'min_balance' | Typed) => void;
  errors: Record<string, ReactNode>;
}

/**
 * The guardians' audience as SMS and e-mail choose it: who (all guardians, a class or stream, boarders,
 * day scholars, those owing more than an amount, staff, or a typed list), then the class and stream, the
 * amount or the list the audience needs. A fragment for the caller's form Stack.
 */
export function AudienceFields<A extends string>({ ns, audiences, typed, value, onChange, onLeave, errors }: Props<A>) {
  const { t } = useTranslation(ns);
  const isClass = value.audience === 'class';
  return (
    <>
      <Select
        label={t('fields.audience')}
        data={audiences.map((a) => ({ value: a, label: t(`audiences.${a}`) }))}
        value={value.audience}
        onChange={(v) => onChange({ audience: (v ?? 'class') as A })}
        allowDeselect={false}
        error={errors.audience}
      />
      {forStudents(value.audience) ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ClassStreamSelect
            labels={{ class: t('fields.class'), stream: t('fields.stream'), allStreams: t('fields.allStreams') }}
            classRequired={isClass}
            classPlaceholder={isClass ? undefined : t('fields.allClasses')}
            widths={null}
            value={value}
            onChange={onChange}
            errors={{ class_id: text(errors.class_id), stream_id: text(errors.stream_id) }}
          />
        </SimpleGrid>
      ) : null}
      {value.audience === 'owing' ? (
        <MoneyInput
          label={t('fields.minBalance')}
          value={value.min_balance}
          onChange={(min_balance) => onChange({ min_balance })}
          onBlur={() => onLeave?.('min_balance')}
          error={errors.min_balance}
        />
      ) : null}
      {value.audience === typed ? (
        <Textarea
          label={t(`fields.${typed}`)}
          description={t(`fields.${typed}Hint`)}
          autosize
          minRows={3}
          value={value[typed] ?? ''}
          onChange={(e) => onChange({ [typed]: e.currentTarget.value })}
          onBlur={() => onLeave?.(typed)}
          error={errors[typed]}
        />
      ) : null}
    </>
  );
}

/**
 * The placeholder buttons under a message ({guardian}, {student}, {balance}…): each puts its token where
 * the cursor is in the message's textarea and leaves the cursor after it.
 */
export function PlaceholderButtons({
  ns,
  textRef,
  message,
  onChange,
}: {
  ns: 'notifications' | 'emails';
  textRef: RefObject<HTMLTextAreaElement | null>;
  message: string;
  onChange: (next: string) => void;
}) {
  const { t } = useTranslation(ns);
  const insert = (key: string) => {
    const el = textRef.current;
    const token = `{${key}}`;
    const at = el?.selectionStart ?? message.length;
    onChange(message.slice(0, at) + token + message.slice(el?.selectionEnd ?? at));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };
  return (
    <Stack gap={4}>
      <Group gap={6} aria-label={t('placeholders')}>
        <Text size="sm" c="dimmed">
          {t('placeholders')}
        </Text>
        {smsPlaceholders.map((key) => (
          <Button key={key} size="compact-xs" variant="light" onClick={() => insert(key)}>
            {`{${key}}`}
          </Button>
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {t('placeholderUnits')}
      </Text>
    </Stack>
  );
}
