import '@mantine/dates/styles.css';
import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayFirst, parseDayFirst } from '../lib/format';

interface Props extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max'> {
  /** YYYY-MM-DD (with `withTime`, YYYY-MM-DDTHH:mm), or '' when empty. */
  value: string;
  /** The date typed or picked, or '' while the box holds no date. */
  onChange: (value: string) => void;
  /** A date and a time, "23/11/2026 17:00". */
  withTime?: boolean;
  /** The calendar offers no day before `min` or after `max` (YYYY-MM-DD); the server checks typed ones. */
  min?: string;
  max?: string;
}

/**
 * Every date a user types or picks: day first ("23/11/2026") whatever the browser's language, where
 * <input type="date"> follows the browser's (05/01/2026 for 1 May in US English). Typing is read by
 * `parseDayFirst`; the calendar button is for the mouse and left out of the Tab order.
 */
export function DateField({ value, onChange, withTime = false, min, max, error, readOnly, disabled, ...props }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => dayFirst(value));
  const [unreadable, setUnreadable] = useState(false);
  const [opened, setOpened] = useState(false);
  // The value this box last gave: a new value from outside (a reset, a loaded record) replaces the text.
  const given = useRef(value);
  useEffect(() => {
    if (value === given.current) return;
    given.current = value;
    setText(dayFirst(value));
    setUnreadable(false);
  }, [value]);

  const give = (next: string) => {
    given.current = next;
    if (next !== value) onChange(next);
  };
  const type = (typed: string) => {
    setText(typed);
    setUnreadable(false);
    give(typed.trim() === '' ? '' : (parseDayFirst(typed, withTime) ?? ''));
  };
  const pick = (day: string | null) => {
    setOpened(false);
    if (!day) return;
    const next = withTime ? `${day}T${value.slice(11, 16) || '08:00'}` : day;
    setText(dayFirst(next));
    setUnreadable(false);
    give(next);
  };

  return (
    <TextInput
      {...props}
      value={text}
      onChange={(e) => type(e.currentTarget.value)}
      onBlur={(e) => {
        props.onBlur?.(e);
        if (text.trim() === '') return;
        const read = parseDayFirst(text, withTime);
        if (read) setText(dayFirst(read));
        setUnreadable(!read);
      }}
      readOnly={readOnly}
      disabled={disabled}
      placeholder={props.placeholder ?? (withTime ? t('dateField.placeholderTime') : t('dateField.placeholder'))}
      autoComplete="off"
      error={unreadable ? t(withTime ? 'dateField.unreadableTime' : 'dateField.unreadable') : error}
      rightSection={
        readOnly || disabled ? undefined : (
          <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md">
            <Popover.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                tabIndex={-1}
                aria-label={t('dateField.pick')}
                onClick={() => setOpened((o) => !o)}
              >
                <IconCalendar size={18} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <DatePicker
                value={value ? value.slice(0, 10) : null}
                defaultDate={value ? value.slice(0, 10) : max}
                onChange={pick}
                minDate={min}
                maxDate={max}
                firstDayOfWeek={1}
              />
            </Popover.Dropdown>
          </Popover>
        )
      }
    />
  );
}
