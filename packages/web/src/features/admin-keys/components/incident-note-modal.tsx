import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { noteIncident } from '@edp/shared/api/console/keys.calls';
import type { TIncident } from '@edp/shared/contracts/keys';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { useCloseIncident, useNoteIncident } from '../api/keys.ts';

/**
 * "Add note" to an incident's timeline, or "Close" a contained one with its closing note
 * (required), asked once more: a closed incident takes no more notes.
 */
export function IncidentNoteModal({
  incident,
  closing,
  subject,
  onClose,
}: {
  incident: TIncident;
  closing: boolean;
  /** The incident in words, for the titles ("Escrow key exposed"). */
  subject: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminKeys');
  const [form] = Form.useForm<{ note: string }>();
  const note = useNoteIncident();
  const close = useCloseIncident();
  const limits = useFieldLimits(noteIncident);
  const [modal, holder] = Modal.useModal();
  return (
    <>
      {holder}
      <FormModal<{ note: string }>
        open
        title={
          closing ? t('incident.closeTitle', { subject }) : t('incident.noteTitle', { subject })
        }
        form={form}
        name={closing ? 'incident-close' : 'incident-note'}
        pending={note.isPending || close.isPending}
        onCancel={onClose}
        before={closing && <p>{t('incident.closeIntro')}</p>}
        onSubmit={async (v) => {
          const body = { id: incident.id, note: v.note.trim() };
          if (closing) {
            const sure = await modal.confirm({
              title: t('incident.closeConfirmTitle', { subject }),
              content: t('incident.closeConfirmContent'),
              okText: t('incident.close'),
            });
            if (!sure) return;
            await close.mutateAsync(body);
            toastSuccess(t('incident.closed'));
          } else {
            await note.mutateAsync(body);
            toastSuccess(t('incident.noted'));
          }
          onClose();
        }}
      >
        <Form.Item
          name="note"
          label={closing ? t('incident.closeNote') : t('incident.note')}
          rules={[
            { required: true, whitespace: true, message: t('incident.noteRequired') },
            ...limits('note'),
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </FormModal>
    </>
  );
}
