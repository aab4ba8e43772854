import { useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { noteIncident, splitKeys } from '@edp/shared/api/console/keys.calls';
import type { TDeviceEscrow, TKeyStatus } from '@edp/shared/contracts/keys';
import { INCIDENT_KINDS, type IncidentKind } from '@edp/shared/contracts/keys-values';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { useDeclareIncident, type IncidentDeclare } from '../api/keys.ts';
import { SPLIT_MIN } from '../lib/key-rules.ts';
import { EscrowDeviceSelect } from './escrow-device-select.tsx';
import { SplitFields } from './split-modal.tsx';

interface DeclareValues {
  kind: IncidentKind;
  holderId?: string;
  holders?: string[];
  threshold?: number;
  deviceId?: string;
  note: string;
}

type Person = TKeyStatus['keyManagers'][number];
const personName = (p: Person) => `${p.name} (${p.account})`;

/**
 * "Declare incident" (docs/keys.md "Incidents"): the kind, then what it is about — a share's
 * holder and the new split without them (refused here when fewer than two key managers would
 * remain), or a device — and a note. A confirmation says what starts at once: a new split, a
 * rotation, a device's rotation and its windows ended; the key managers are warned.
 */
export function DeclareIncidentModal({
  status,
  onClose,
}: {
  status: TKeyStatus;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminKeys');
  const [form] = Form.useForm<DeclareValues>();
  const declare = useDeclareIncident();
  const noteLimits = useFieldLimits(noteIncident);
  const [modal, holder] = Modal.useModal();
  const [device, setDevice] = useState<TDeviceEscrow>();
  const kind = Form.useWatch('kind', form);
  const holderId = Form.useWatch('holderId', form);
  // Whose share may be lost: a holder of the split in use (the server refuses others).
  const split = status.activeSplit;
  const splitHolders = split?.holders ?? [];
  const remaining = status.keyManagers.filter((p) => p.id !== holderId);
  const tooFew = !!holderId && remaining.length < SPLIT_MIN;
  const disabled: Partial<Record<IncidentKind, boolean>> = {
    share: splitHolders.length === 0,
    escrowKey: !status.escrowKey,
  };

  const what = (v: DeclareValues): string => {
    if (v.kind === 'share') {
      const lost = splitHolders.find((h) => h.id === v.holderId);
      const kept = status.keyManagers.filter((p) => v.holders?.includes(p.id));
      return t('incident.confirm.share', {
        holder: lost ? personName(lost) : '',
        holders: kept.map((p) => p.account).join(t('rotateKeys.separator')),
        m: v.threshold,
        n: kept.length,
      });
    }
    if (v.kind === 'device') return t('incident.confirm.device', { device: device?.name ?? '' });
    return t(`incident.confirm.${v.kind}`);
  };

  const body = (v: DeclareValues): IncidentDeclare => {
    const note = v.note.trim();
    if (v.kind === 'share')
      return {
        kind: 'share',
        holderId: v.holderId!,
        split: { holders: v.holders ?? [], threshold: v.threshold ?? SPLIT_MIN },
        note,
      };
    if (v.kind === 'device') return { kind: 'device', deviceId: v.deviceId!, note };
    return { kind: v.kind, note };
  };

  return (
    <>
      {holder}
      <FormModal<DeclareValues>
        open
        title={t('incident.declareTitle')}
        form={form}
        name="incident-declare"
        pending={declare.isPending}
        onCancel={onClose}
        initialValues={{ threshold: SPLIT_MIN }}
        before={<p>{t('incident.declareIntro')}</p>}
        onSubmit={async (v) => {
          const sure = await modal.confirm({
            title: t('incident.confirmTitle', { kind: t(`incident.kinds.${v.kind}`) }),
            content: what(v),
            okText: t('incident.declare'),
            okButtonProps: { danger: true },
          });
          if (!sure) return;
          await declare.mutateAsync(body(v));
          toastSuccess(t('incident.declared'));
          onClose();
        }}
      >
        <Form.Item
          name="kind"
          label={t('incident.kind')}
          rules={[{ required: true, message: t('incident.kindRequired') }]}
        >
          <Radio.Group
            className="keys-kinds"
            onChange={() => form.setFieldsValue({ holderId: undefined, deviceId: undefined })}
            options={INCIDENT_KINDS.map((k) => ({
              value: k,
              disabled: disabled[k],
              label: (
                <span>
                  {t(`incident.kinds.${k}`)}
                  <span className="keys-note"> — {t(`incident.kindHelp.${k}`)}</span>
                </span>
              ),
            }))}
          />
        </Form.Item>
        {kind === 'share' && (
          <>
            <Form.Item
              name="holderId"
              label={t('incident.holder')}
              extra={t('incident.holderHelp')}
              rules={[
                { required: true, message: t('incident.holderRequired') },
                {
                  validator: (_, id: string | undefined) =>
                    !id || status.keyManagers.filter((p) => p.id !== id).length >= SPLIT_MIN
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('incident.tooFew'))),
                },
              ]}
            >
              <Select<string>
                placeholder={t('incident.holderPlaceholder')}
                options={splitHolders.map((h) => ({ value: h.id, label: personName(h) }))}
                onChange={(id) => {
                  const rest = status.keyManagers.filter((p) => p.id !== id).map((p) => p.id);
                  form.setFieldsValue({
                    holders: rest,
                    threshold: Math.max(SPLIT_MIN, Math.min(split?.threshold ?? 2, rest.length)),
                  });
                }}
              />
            </Form.Item>
            {tooFew && (
              <Alert
                type="error"
                showIcon
                title={t('incident.tooFew')}
                description={t('incident.tooFewHelp')}
                style={{ marginBottom: 16 }}
              />
            )}
            {holderId && !tooFew && (
              <SplitFields
                people={remaining}
                call={splitKeys}
                at=""
                label={t('incident.newHolders')}
                help={t('incident.newHoldersHelp')}
              />
            )}
          </>
        )}
        {kind === 'device' && (
          <Form.Item
            name="deviceId"
            label={t('incident.device')}
            extra={t('incident.deviceHelp')}
            rules={[{ required: true, message: t('recovery.deviceRequired') }]}
          >
            <EscrowDeviceSelect
              placeholder={t('recovery.devicePlaceholder')}
              onDevice={setDevice}
            />
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label={t('incident.note')}
          extra={t('incident.noteHelp')}
          rules={[
            { required: true, whitespace: true, message: t('incident.noteRequired') },
            ...noteLimits('note'),
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </FormModal>
    </>
  );
}
