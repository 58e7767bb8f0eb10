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
import { type ComponentType, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenModule } from '../../app/lazy-screen';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { PageHeader } from '../../components/page-title';
import { RowActions } from '../../components/row-actions';
import { api, fetchData, fieldErrors } from '../../lib/api';
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
  const [title, setTitle] = useState(row?.title ?? '');
  const [kind, setKind] = useState<ElearningKind>(row?.kind ?? 'note');
  const [classId, setClassId] = useState<number | null>(row?.class_id ?? null);
  const [streamId, setStreamId] = useState<number | null>(row?.stream_id ?? null);
  const [subjectId, setSubjectId] = useState<number | null>(row?.subject_id ?? null);
  const [body, setBody] = useState(row?.body ?? '');
  const [link, setLink] = useState(row?.link ?? '');
  const [dueOn, setDueOn] = useState(row?.due_on ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [removing, setRemoving] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const streams = choices?.streams.filter((s) => s.class_id === classId) ?? [];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const attachments = await Promise.all(files.map(uploadOf));
    const values = {
      title: title.trim(),
      kind,
      class_id: classId ?? 0,
      stream_id: streamId,
      subject_id: subjectId ?? 0,
      body: body.trim(),
      link: link.trim() || null,
      due_on: kind === 'assignment' ? dueOn || null : null,
      attachments,
    };
    const result = row
      ? await api(editElearning, { ...values, remove_files: removing }, { id: row.id })
      : await api(addElearning, values);
    if (result.ok) onSaved();
    else {
      const found = fieldErrors(result.errors);
      const fileError = Object.entries(found).find(([k]) => k.startsWith('attachments'))?.[1];
      setErrors({ ...found, attachments: fileError ?? '' });
    }
  };
  return (
    <Modal opened onClose={onClose} title={row ? t('edit') : t('add')} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput
            label={t('title')}
            required
            data-autofocus
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('kind')}
              required
              allowDeselect={false}
              data={elearningKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              value={kind}
              onChange={(v) => setKind((v ?? 'note') as ElearningKind)}
              error={errors.kind}
            />
            <Select
              label={t('class')}
              required
              searchable
              data={(choices?.classes ?? []).map((c) => ({ value: String(c.value), label: c.label }))}
              value={classId ? String(classId) : null}
              onChange={(v) => {
                setClassId(asId(v));
                setStreamId(null);
              }}
              error={errors.class_id}
            />
            <Select
              label={t('stream')}
              placeholder={t('allStreams')}
              clearable
              disabled={streams.length === 0}
              data={streams.map((s) => ({ value: String(s.value), label: s.label }))}
              value={streamId ? String(streamId) : null}
              onChange={(v) => setStreamId(asId(v))}
              error={errors.stream_id}
            />
            <Select
              label={t('subject')}
              required
              searchable
              data={subjectsFor(choices, classId)}
              value={subjectId ? String(subjectId) : null}
              onChange={(v) => setSubjectId(asId(v))}
              error={errors.subject_id}
            />
          </SimpleGrid>
          <Textarea
            label={kind === 'assignment' ? t('instructions') : t('body')}
            autosize
            minRows={4}
            maxRows={14}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={errors.body}
          />
          <SimpleGrid cols={{ base: 1, sm: kind === 'assignment' ? 2 : 1 }}>
            <TextInput
              label={t('link')}
              description={t('linkHint')}
              required={kind === 'link'}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={link}
              onChange={(e) => setLink(e.currentTarget.value)}
              error={errors.link}
            />
            {kind === 'assignment' ? (
              <DateField label={t('dueOn')} required value={dueOn} onChange={setDueOn} error={errors.due_on} />
            ) : null}
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
                  checked={removing.includes(a.file_id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setRemoving((r) => (on ? [...r, a.file_id] : r.filter((x) => x !== a.file_id)));
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
            error={errors.attachments || undefined}
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
