import {
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  addDepartmentReport,
  type DepartmentReportRow,
  deleteDepartmentReport,
  departmentReportStatuses,
  editDepartmentReport,
  reviewDepartmentReport,
  viewDepartmentReports,
} from '@somero/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { FormButtons } from '../../components/form-buttons';
import { PageHeader } from '../../components/page-title';
import { ReasonField } from '../../components/reason-field';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { RowActions } from '../../components/row-actions';
import { api, fetchData } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { downloadSpreadsheet } from '../../lib/downloads';
import { uploadOf } from '../../lib/files';
import { formatDate } from '../../lib/format';
import { departmentKeys } from './keys';

type Status = (typeof departmentReportStatuses)[number];
const statusColour: Record<Status, string> = { added: 'blue', edited: 'yellow', reviewed: 'green', deleted: 'red' };

function ReportForm({
  report,
  onClose,
  onSaved,
}: {
  report?: DepartmentReportRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('departments');
  const { form, field, submit } = useContractForm(
    report ? editDepartmentReport.input : addDepartmentReport.input,
    {
      department_id: (report?.department_id ?? null) as number | null,
      title: report?.title ?? '',
      body: report?.body ?? '',
    },
    // A department not chosen goes as null, for the contract's "Enter the department".
    (v) => ({
      department_id: v.department_id as number,
      title: v.title.trim(),
      body: v.body.trim(),
      id: report?.id as number,
    }),
  );
  // The files to attach are read as the form is sent (the schema checks what the server receives).
  const [files, setFiles] = useState<File[]>([]);
  const save = submit(async ({ department_id, id, ...values }) => {
    const attachments = await Promise.all(files.map(uploadOf));
    return report
      ? api(editDepartmentReport, { ...values, attachments, id })
      : api(addDepartmentReport, { ...values, attachments, department_id });
  }, onSaved);
  const fileError = Object.entries(form.errors).find(([k]) => k.startsWith('attachments'))?.[1];
  return (
    <Modal opened onClose={onClose} title={report ? t('reports.edit') : t('reports.add')} centered size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          {report ? null : (
            <ReferenceSelect
              label={t('reports.department')}
              references="departments"
              required
              {...field('department_id')}
            />
          )}
          <TextInput label={t('reports.title')} required {...field('title')} />
          <Textarea label={t('reports.body')} required autosize minRows={5} {...field('body')} />
          <FileInput
            multiple
            clearable
            label={report ? t('reports.moreAttachments') : t('reports.attachments')}
            description={t('resources.fileHint')}
            accept=".pdf,.docx,.xlsx,.pptx,.png,.jpg,.jpeg,.gif,.webp"
            value={files}
            onChange={setFiles}
            error={fileError || undefined}
          />
        </Stack>
        <FormButtons onCancel={onClose} submit={report ? t('reports.saveEdit') : t('reports.save')} />
      </form>
    </Modal>
  );
}

function ReviewForm({
  report,
  onClose,
  onSaved,
}: {
  report: DepartmentReportRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('departments');
  const { field, submit } = useContractForm(reviewDepartmentReport.input, { remark: '' }, (v) => ({
    remark: v.remark.trim(),
  }));
  const save = submit((input) => api(reviewDepartmentReport, input, { id: report.id }), onSaved);
  return (
    <Modal opened onClose={onClose} title={t('reports.reviewTitle', { title: report.title })} centered size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Text size="sm" mb="md" style={{ whiteSpace: 'pre-wrap' }}>
          {report.body}
        </Text>
        <ReasonField label={t('reports.remark')} autoFocus {...field('remark')} />
        <FormButtons onCancel={onClose} submit={t('reports.review')} />
      </form>
    </Modal>
  );
}

function DeleteForm({
  report,
  onClose,
  onSaved,
}: {
  report: DepartmentReportRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('departments');
  const { field, submit } = useContractForm(deleteDepartmentReport.input, { reason: '' }, (v) => ({
    reason: v.reason.trim(),
  }));
  const save = submit((input) => api(deleteDepartmentReport, input, { id: report.id }), onSaved);
  return (
    <Modal opened onClose={onClose} title={t('reports.deleteTitle', { title: report.title })} centered>
      <form onSubmit={(e) => void save(e)} noValidate>
        <ReasonField label={t('reports.reason')} description={t('reports.deleteHelp')} autoFocus {...field('reason')} />
        <FormButtons onCancel={onClose} submit={t('reports.delete')} color="red" />
      </form>
    </Modal>
  );
}

/**
 * /department/reports: heads of department write reports with attachments; the head teacher (an
 * administrator) reviews them with a remark. A reviewed report is no longer edited; a deleted one
 * stays listed with its reason.
 */
export default function DepartmentReportsScreen() {
  const { t } = useTranslation('departments');
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DepartmentReportRow | null>(null);
  const [reviewing, setReviewing] = useState<DepartmentReportRow | null>(null);
  const [deleting, setDeleting] = useState<DepartmentReportRow | null>(null);
  const list = useQuery({
    queryKey: departmentKeys.reports(departmentId, status),
    queryFn: () =>
      fetchData(
        viewDepartmentReports,
        { department_id: departmentId ?? undefined, status: status ?? undefined },
        { saving: false },
      ).then((r) => r.data),
    retry: false,
  });
  const done = () => {
    setAdding(false);
    setEditing(null);
    setReviewing(null);
    setDeleting(null);
    void list.refetch();
  };
  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('reports.add')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end">
          <ReferenceSelect
            label={t('reports.department')}
            placeholder={t('all')}
            references="departments"
            w={220}
            value={departmentId}
            onChange={setDepartmentId}
          />
          <Select
            label={t('reports.status')}
            placeholder={t('all')}
            clearable
            w={160}
            data={departmentReportStatuses.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            value={status}
            onChange={(v) => setStatus(v as Status | null)}
          />
        </Group>
        <DataTable
          query={list}
          rows={list.data}
          empty={t('reports.none')}
          rowKey={(r) => r.id}
          minWidth={1100}
          rowProps={(r) => ({ 'data-report': r.title, 'data-status': r.status })}
          columns={[
            { key: 'written_at', label: t('reports.date'), width: 120, render: (r) => formatDate(r.written_at) },
            { key: 'department_name', label: t('reports.department') },
            {
              key: 'title',
              label: t('reports.title'),
              render: (r) => (
                <Stack gap={2}>
                  <Text size="sm" fw={500} td={r.status === 'deleted' ? 'line-through' : undefined}>
                    {r.title}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {r.body}
                  </Text>
                  {r.attachments.map((a) => (
                    <Anchor
                      key={a.file_id}
                      size="xs"
                      component="button"
                      type="button"
                      onClick={() =>
                        void downloadSpreadsheet(
                          { method: 'GET', path: `department_report_files/${a.file_id}` },
                          a.filename,
                        )
                      }
                    >
                      {a.filename}
                    </Anchor>
                  ))}
                </Stack>
              ),
            },
            { key: 'written_by', label: t('reports.writtenBy') },
            {
              key: 'status',
              label: t('reports.status'),
              width: 110,
              render: (r) => (
                <Badge variant="light" color={statusColour[r.status]} data-testid="report-status">
                  {t(`states.${r.status}`)}
                </Badge>
              ),
            },
            {
              key: 'remark',
              label: t('reports.remark'),
              render: (r) =>
                r.status === 'deleted'
                  ? t('reports.deletedBecause', { reason: r.delete_reason ?? '', name: r.deleted_by ?? '' })
                  : r.remark
                    ? `${r.remark} (${r.reviewed_by ?? ''}, ${formatDate(r.reviewed_at)})`
                    : '',
            },
          ]}
          actions={(r) => (
            <RowActions
              name={r.title}
              onEdit={r.can_edit ? () => setEditing(r) : undefined}
              onDelete={r.can_delete ? () => setDeleting(r) : undefined}
            >
              {r.can_review ? (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setReviewing(r)}
                  aria-label={t('reports.reviewNamed', { name: r.title })}
                >
                  {t('reports.review')}
                </Button>
              ) : null}
            </RowActions>
          )}
        />
      </Paper>
      {adding || editing ? (
        <ReportForm
          report={editing ?? undefined}
          onClose={() => {
            setAdding(false);
            setEditing(null);
          }}
          onSaved={done}
        />
      ) : null}
      {reviewing ? <ReviewForm report={reviewing} onClose={() => setReviewing(null)} onSaved={done} /> : null}
      {deleting ? <DeleteForm report={deleting} onClose={() => setDeleting(null)} onSaved={done} /> : null}
    </div>
  );
}
