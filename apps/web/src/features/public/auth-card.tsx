import { Paper, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { PageTitle } from '../../components/page-title';

/** The card every public screen sits in, with the route's title on top. */
export function AuthCard({ children, onSubmit }: { children: ReactNode; onSubmit?: (event: FormEvent) => void }) {
  return (
    <Paper
      p="xl"
      shadow="md"
      radius="md"
      withBorder
      component={onSubmit ? 'form' : 'div'}
      onSubmit={onSubmit}
      noValidate
    >
      <Stack gap="md">
        <PageTitle order={3} />
        {children}
      </Stack>
    </Paper>
  );
}
