import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  addElearning,
  deleteElearning,
  type ElearningKind,
  type ElearningRow,
  editElearning,
  elearningChoices,
  elearningKinds,
  elearningStatuses,
  listElearning,
  publishElearning,
  subjectLevelsOf,
} from '@somero/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenModule } from '../../app/lazy-screen';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { PageHeader } from '../../components/page-title';
import { RowActions } from '../../components/row-actions';
import { api, fetchData } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { downloadSpreadsheet } from '../../lib/downloads';
import { uploadOf } from '../../lib/files';
import { formatDate } from '../../lib/format';
import { loadStrings } from '../../lib/i18n';
import { elearningKeys } from './keys';

type Status = (typeof elearningStatuses)[number];
type Choices = Awaited<ReturnType<typeof fetchChoices>>;

const kindColour: Record<ElearningKind, string> = {
  note: 'blue',
  assignment: 'orange',
  link: 'grape',
  past_paper: 'teal',
};

const fetchChoices = () => fetchData(elearningChoices, {}, { saving: false }).then((r) => r.data);

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const asId = (v: string | null) => (v ? Number(v) : null);

/** The subjects a class takes (by its curriculum); every subject while no class is chosen. */
function subjectsFor(choices: Choices | undefined, classId: number | null) {
  const klass = choices?.classes.find((c) => c.value === classId);
  const levels = klass ? subjectLevelsOf(klass.curriculum) : null;
  const list = choices?.subjects.filter((s) => !levels || levels.includes(s.level)) ?? [];
  // With no class chosen the same name may stand at several levels: one entry per name is enough to read.
  return list.map((s) => ({
    value: String(s.value),
    label: levels ? s.label : `${s.label} (${levelName[s.level] ?? s.level})`,
  }));
}

const levelName: Record<string, string> = {
  nlsc: 'new',
  olevel: 'old O-Level',
  alevel: 'A-Level',
  subsidiary: 'subsidiary',
};

function ResourceForm({
  row,
  choices,
  onClose,
  onSaved,
}: {
  row?: ElearningRow;
  choices: Choices | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('elearning');
  const { form, field, values, setValue, submit } = useContractForm(
    row ? editElearning.input : addElearning.input,
    {
      title: row?.title ?? '',
      kind: (row?.kind ?? 'note') as ElearningKind,
      class_id: (row?.class_id ?? null) as number | null,
      stream_id: (row?.stream_id ?? null) as number | null,
      subject_id: (row?.subject_id ?? null) as number | null,
      body: row?.body ?? '',
      link: row?.link ?? '',
      due_on: row?.due_on ?? '',
      remove_files: [] as number[],
    },
    (v) => ({
      title: v.title.trim(),
      kind: v.kind,
      // A class or subject not chosen goes as null, for the contract's "Enter the class".
      class_id: v.class_id as number,
      stream_id: v.stream_id,
      subject_id: v.subject_id as number,
      body: v.body.trim(),
      link: v.link.trim() || null,
      due_on: v.kind === 'assignment' ? v.due_on || null : null,
      ...(row ? { remove_files: v.remove_files } : {}),
    }),
  );
  // The files to attach are read as the form is sent (the schema checks what the server receives).
  const [files, setFiles] = useState<File[]>([]);
  const streams = choices?.streams.filter((s) => s.class_id === values.class_id) ?? [];
  const save = submit(async (input) => {
    const attachments = await Promise.all(files.map(uploadOf));
    return row
      ? api(editElearning, { ...input, attachments }, { id: row.id })
      : api(addElearning, { ...input, attachments });
  }, onSaved);
  const { errors } = form;
  const fileError = Object.entries(errors).find(([k]) => k.startsWith('attachments'))?.[1];
  return (
    <Modal opened onClose={onClose} title={row ? t('edit') : t('add')} centered size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <TextInput label={t('title')} required data-autofocus {...field('title')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('kind')}
              required
              allowDeselect={false}
              data={elearningKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              {...field('kind')}
              onChange={(v) => field('kind').onChange((v ?? 'note') as ElearningKind)}
            />
            <Select
              label={t('class')}
              required
              searchable
              data={(choices?.classes ?? []).map((c) => ({ value: String(c.value), label: c.label }))}
              {...field('class_id')}
              value={values.class_id ? String(values.class_id) : null}
              onChange={(v) => {
                field('class_id').onChange(asId(v));
                setValue('stream_id', null);
              }}
            />
            <Select
              label={t('stream')}
              placeholder={t('allStreams')}
              clearable
              disabled={streams.length === 0}
              data={streams.map((s) => ({ value: String(s.value), label: s.label }))}
              {...field('stream_id')}
              value={values.stream_id ? String(values.stream_id) : null}
              onChange={(v) => field('stream_id').onChange(asId(v))}
            />
            <Select
              label={t('subject')}
              required
              searchable
              data={subjectsFor(choices, values.class_id)}
              {...field('subject_id')}
              value={values.subject_id ? String(values.subject_id) : null}
              onChange={(v) => field('subject_id').onChange(asId(v))}
            />
          </SimpleGrid>
          <Textarea
            label={values.kind === 'assignment' ? t('instructions') : t('body')}
            autosize
            minRows={4}
            maxRows={14}
            {...field('body')}
          />
          <SimpleGrid cols={{ base: 1, sm: values.kind === 'assignment' ? 2 : 1 }}>
            <TextInput
              label={t('link')}
              description={t('linkHint')}
              required={values.kind === 'link'}
              type="url"
              inputMode="url"
              placeholder="https://"
              {...field('link')}
            />
            {values.kind === 'assignment' ? <DateField label={t('dueOn')} required {...field('due_on')} /> : null}
          </SimpleGrid>
          {row && row.attachments.length > 0 ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('attached')}
              </Text>
              {row.attachments.map((a) => (
                <Checkbox
                  key={a.file_id}
                  label={t('removeFile', { name: a.filename })}
                  checked={values.remove_files.includes(a.file_id)}
                  onChange={(e) => {
                    const r = values.remove_files;
                    setValue(
                      'remove_files',
                      e.currentTarget.checked ? [...r, a.file_id] : r.filter((x) => x !== a.file_id),
                    );
                  }}
                />
              ))}
            </Stack>
          ) : null}
          <FileInput
            multiple
            clearable
            label={row ? t('moreAttachments') : t('attachments')}
            description={t('fileHint')}
            accept=".pdf,.docx,.xlsx,.pptx,.png,.jpg,.jpeg,.gif,.webp"
            value={files}
            onChange={setFiles}
            error={fileError || undefined}
          />
        </Stack>
        <FormButtons onCancel={onClose} submit={row ? t('saveEdit') : t('saveDraft')} />
      </form>
    </Modal>
  );
}

/** Title, text, link and files of a resource, as the list shows them. */
function ResourceCell({ r }: { r: ElearningRow }) {
  const { t } = useTranslation('elearning');
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {r.title}
      </Text>
      {r.body ? (
        <Text size="xs" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
          {r.body}
        </Text>
      ) : null}
      {r.link ? (
        <Anchor size="xs" href={r.link} target="_blank" rel="noopener noreferrer">
          {r.link}
        </Anchor>
      ) : null}
      {r.attachments.map((a) => (
        <Anchor
          key={a.file_id}
          size="xs"
          component="button"
          type="button"
          ta="left"
          aria-label={t('downloadNamed', { name: a.filename })}
          onClick={() => void downloadSpreadsheet({ method: 'GET', path: `elearning_files/${a.file_id}` }, a.filename)}
        >
          {a.filename} ({sizeOf(a.size)})
        </Anchor>
      ))}
    </Stack>
  );
}

/**
 * /e-learning: notes, assignments, links and past papers per class and subject. Any signed-in user adds
 * them as drafts; the author (or an administrator) publishes them for everyone, withdraws, edits or deletes them.
 */
function ElearningScreen() {
  const { t } = useTranslation('elearning');
  const [classId, setClassId] = useState<number | null>(null);
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [kind, setKind] = useState<ElearningKind | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ElearningRow | null>(null);
  const [deleting, setDeleting] = useState<ElearningRow | null>(null);
  const choices = useQuery({ queryKey: elearningKeys.choices, queryFn: fetchChoices, retry: false });
  const list = useQuery({
    queryKey: elearningKeys.list(classId, subjectId, kind, status, search),
    queryFn: () =>
      fetchData(
        listElearning,
        {
          class_id: classId ?? undefined,
          subject_id: subjectId ?? undefined,
          kind: kind ?? undefined,
          status: status ?? undefined,
          search: search.trim() || undefined,
        },
        { saving: false },
      ).then((r) => r.data),
    retry: false,
  });
  const reload = () => void list.refetch();
  const publish = (r: ElearningRow) =>
    void api(publishElearning, { action: r.status === 'published' ? 'withdraw' : 'publish' }, { id: r.id }).then(
      (result) => {
        if (result.ok) reload();
      },
    );
  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end">
          <Select
            label={t('class')}
            placeholder={t('all')}
            clearable
            w={130}
            data={(choices.data?.classes ?? []).map((c) => ({ value: String(c.value), label: c.label }))}
            value={classId ? String(classId) : null}
            onChange={(v) => setClassId(asId(v))}
          />
          <Select
            label={t('subject')}
            placeholder={t('all')}
            clearable
            searchable
            w={220}
            data={subjectsFor(choices.data, classId)}
            value={subjectId ? String(subjectId) : null}
            onChange={(v) => setSubjectId(asId(v))}
          />
          <Select
            label={t('kind')}
            placeholder={t('all')}
            clearable
            w={150}
            data={elearningKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            value={kind}
            onChange={(v) => setKind(v as ElearningKind | null)}
          />
          <Select
            label={t('status')}
            placeholder={t('all')}
            clearable
            w={140}
            data={elearningStatuses.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            value={status}
            onChange={(v) => setStatus(v as Status | null)}
          />
          <TextInput
            label={t('search')}
            placeholder={t('searchHint')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </Group>
        <DataTable
          query={list}
          rows={list.data}
          empty={t('none')}
          rowKey={(r) => r.id}
          minWidth={1000}
          rowProps={(r) => ({ 'data-resource': r.title, 'data-status': r.status })}
          columns={[
            { key: 'title', label: t('title'), render: (r) => <ResourceCell r={r} /> },
            {
              key: 'kind',
              label: t('kind'),
              width: 150,
              render: (r) => (
                <Badge variant="light" color={kindColour[r.kind]}>
                  {t(`kinds.${r.kind}`)}
                </Badge>
              ),
            },
            {
              key: 'class_name',
              label: t('class'),
              width: 100,
              render: (r) => (r.stream_name ? `${r.class_name} ${r.stream_name}` : r.class_name),
            },
            { key: 'subject_name', label: t('subject') },
            { key: 'due_on', label: t('dueOn'), width: 120, render: (r) => formatDate(r.due_on) },
            {
              key: 'status',
              label: t('status'),
              width: 170,
              render: (r) => (
                <Stack gap={2}>
                  <Badge
                    variant="light"
                    color={r.status === 'published' ? 'green' : 'gray'}
                    data-testid="resource-status"
                  >
                    {t(`states.${r.status}`)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {r.published_at
                      ? t('publishedOn', { date: formatDate(r.published_at), name: r.author })
                      : t('draftBy', { name: r.author })}
                  </Text>
                </Stack>
              ),
            },
          ]}
          actions={(r) =>
            r.mine ? (
              <RowActions name={r.title} onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)}>
                <Button
                  size="xs"
                  variant={r.status === 'published' ? 'default' : 'filled'}
                  onClick={() => publish(r)}
                  aria-label={t(r.status === 'published' ? 'withdrawNamed' : 'publishNamed', { name: r.title })}
                >
                  {r.status === 'published' ? t('withdraw') : t('publish')}
                </Button>
              </RowActions>
            ) : null
          }
        />
      </Paper>
      {adding || editing ? (
        <ResourceForm
          row={editing ?? undefined}
          choices={choices.data}
          onClose={() => {
            setAdding(false);
            setEditing(null);
          }}
          onSaved={() => {
            setAdding(false);
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={t(deleting?.status === 'published' ? 'deletePublished' : 'deleteMessage', {
          name: deleting?.title ?? '',
        })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void api(deleteElearning, {}, { id: deleting.id }).then((result) => {
            if (result.ok) {
              setDeleting(null);
              reload();
            }
          });
        }}
      />
    </div>
  );
}

/** The screen with its strings loaded. */
export async function withStrings(): Promise<ScreenModule> {
  await loadStrings('elearning');
  return { default: ElearningScreen as ComponentType };
}
