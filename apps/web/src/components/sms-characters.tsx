import { Alert, Button, Group, Text } from '@mantine/core';
import { plainSmsText, unicodeCharacters } from '@somero/contract';

const shown = (ch: string) => (ch.trim() ? ch : `space (U+${ch.codePointAt(0)?.toString(16).toUpperCase()})`);

/**
 * Under an SMS editor: the characters that make the message Unicode (70 characters a message instead of
 * 160, so it may cost double), with one click to put plain ones in their place. Nothing when all is plain.
 */
export function SmsCharactersNotice({ text, onChange }: { text: string; onChange: (next: string) => void }) {
  const found = unicodeCharacters(text);
  if (!found.length) return null;
  const replaceable = found.filter((f) => f.plain !== null);
  const left = found.filter((f) => f.plain === null);
  return (
    <Alert color="orange" variant="light" p="xs" data-testid="sms-characters">
      <Text size="sm">
        {found.map((f) => shown(f.character)).join(' ')} {found.length === 1 ? 'makes' : 'make'} this message Unicode:
        70 characters a message instead of 160, so it may cost double.
      </Text>
      {left.length ? (
        <Text size="sm" mt={4}>
          No plain form for {left.map((f) => shown(f.character)).join(' ')}: take {left.length === 1 ? 'it' : 'them'}{' '}
          out by hand.
        </Text>
      ) : null}
      {replaceable.length ? (
        <Group mt={6}>
          <Button size="compact-sm" variant="light" color="orange" onClick={() => onChange(plainSmsText(text))}>
            Use plain characters ({replaceable.map((f) => `${shown(f.character)} → ${f.plain || 'nothing'}`).join(', ')}
            )
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
