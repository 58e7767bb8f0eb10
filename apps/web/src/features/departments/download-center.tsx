import { Button, FileInput, Group, Modal, Paper, Select, Stack, TextInput } from '@mantine/core';
import {
  addStaffResource,
  deleteStaffResource,
  editStaffResource,
  listStaffResources,
  type StaffResourceRow,
  staffResourceCategories,
} from '@somero/contract';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { FormButtons } from '../../components/form-buttons';
import { PageHeader } from '../../components/page-title';
import { RowActions } from '../../components/row-actions';
import { api, fetchData } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { downloadSpreadsheet } from '../../lib/downloads';
import { uploadOf } from '../../lib/files';
import { formatDate } from '../../lib/format';
import { departmentKeys } from './keys';

type Category = (typeof staffResourceCategories)[number];

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function ResourceForm({ row, onClose, onSaved }: { row?: StaffResourceRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('departments');
  const { form, field, submit } = useContractForm(
    row ? editStaffResource.input : addStaffResource.input,
    { title: row?.title ?? '', category: (row?.category ?? null) as Category | null },
    (v) => ({ title: v.title.trim(), category: (v.category ?? '') as Category, id: row?.id as number }),
  );
  // The file is read as the form is sent (the schema checks what the server receives).
  const [file, setFile] = useState<File | null>(null);
  const save = submit(async ({ id, ...values }) => {
    const upload = file ? await uploadOf(file) : undefined;
    return row
      ? api(editStaffResource, { ...values, id, file: upload })
      : api(addStaffResource, { ...values, file: upload ?? { filename: '', data: '' } });
  }, onSaved);
  const send = (event: FormEvent) => {
    if (!row && !file) {
      event.preventDefault();
      form.setFieldError('file', t('resources.chooseFile'));
      return;
    }
    void save(event);
  };
  const { errors } = form;
  return (
    <Modal opened onClose={onClose} title={row ? t('resources.edit') : t('resources.add')} centered>
      <form onSubmit={send} noValidate>
        <Stack>
          <TextInput label={t('resources.title')} required data-autofocus {...field('title')} />
          <Select
            label={t('resources.category')}
            required
            data={staffResourceCategories.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
            {...field('category')}
          />
          <FileInput
            label={row ? t('resources.replaceFile') : t('resources.file')}
            description={t('resources.fileHint')}
            required={!row}
            clearable
            accept=".pdf,.docx,.xlsx,.pptx,.png,.jpg,.jpeg,.gif,.webp"
            value={file}
            onChange={setFile}
            error={errors.file ?? errors['file.data']}
          />
        </Stack>
        <FormButtons onCancel={onClose} submit={row ? t('resources.saveEdit') : t('resources.upload')} />
      </form>
    </Modal>
  );
}

/** /staff/resources, the Download Center: files shared with staff; every signed-in user sees and shares them. */
export default function DownloadCenterScreen() {
  const { t } = useTranslation('departments');
  const [category, setCategory] = useState<Category | null>(null);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffResourceRow | null>(null);
  const [removing, setRemoving] = useState<StaffResourceRow | null>(null);
  const list = useQuery({
    queryKey: departmentKeys.resources(category, search),
    queryFn: () =>
      fetchData(listStaffResources, { category: category ?? undefined, search: search.trim() || undefined }).then(
        (r) => r.data,
      ),
    retry: false,
  });
  const reload = () => void list.refetch();
  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('resources.add')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end">
          <Select
            label={t('resources.category')}
            placeholder={t('all')}
            clearable
            w={200}
            data={staffResourceCategories.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
            value={category}
            onChange={(v) => setCategory(v as Category | null)}
          />
          <TextInput
            label={t('search')}
            placeholder={t('resources.searchHint')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </Group>
        <DataTable
          query={list}
          rows={list.data}
          empty={t('resources.none')}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ 'data-resource': r.title })}
          columns={[
            { key: 'title', label: t('resources.title') },
            { key: 'category', label: t('resources.category'), render: (r) => t(`categories.${r.category}`) },
            { key: 'filename', label: t('resources.file') },
            { key: 'size', label: t('resources.size'), numeric: true, render: (r) => sizeOf(r.size) },
            { key: 'uploaded_by', label: t('resources.uploadedBy') },
            { key: 'uploaded_at', label: t('resources.uploadedOn'), render: (r) => formatDate(r.uploaded_at) },
          ]}
          actions={(r) => (
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                aria-label={t('resources.downloadNamed', { name: r.title })}
                onClick={() =>
                  void downloadSpreadsheet({ method: 'GET', path: `staff_resources/${r.id}/download` }, r.filename)
                }
              >
                {t('resources.download')}
              </Button>
              {r.mine ? (
                <RowActions name={r.title} onEdit={() => setEditing(r)} onDelete={() => setRemoving(r)} />
              ) : null}
            </Group>
          )}
        />
      </Paper>
      {adding || editing ? (
        <ResourceForm
          row={editing ?? undefined}
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
        opened={removing !== null}
        title={t('resources.removeTitle')}
        message={t('resources.removeMessage', { name: removing?.title ?? '' })}
        confirmLabel={t('resources.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          void api(deleteStaffResource, {}, { id: removing.id }).then((result) => {
            if (result.ok) {
              setRemoving(null);
              reload();
            }
          });
        }}
      />
    </div>
  );
}
