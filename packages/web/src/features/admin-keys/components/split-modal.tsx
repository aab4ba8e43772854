import { Alert, Checkbox, Form, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { initKeys, splitKeys } from '@edp/shared/api/console/keys.calls';
import type { Route } from '@edp/shared/api/define';
import type { TKeyStatus } from '@edp/shared/contracts/keys';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useInitKeys, useSplitKeys } from '../api/keys.ts';
import { SPLIT_MIN, thresholdFault } from '../lib/key-rules.ts';

interface SplitValues {
  holders: string[];
  threshold?: number;
}

type Person = TKeyStatus['keyManagers'][number];

/**
 * The holders (every key manager at first) and M (2 at first): the split's fields, here and in
 * a share incident's new split (declare-incident-modal.tsx).
 */
export function SplitFields({
  people,
  call,
  at,
  label,
  help,
}: {
  people: Person[];
  call: Route;
  at: string;
  label?: string;
  help?: string;
}) {
  const { t } = useTranslation('adminKeys');
  const limits = useFieldLimits(call);
  return (
    <>
      <Form.Item
        name="holders"
        label={label ?? t('split.holders')}
        extra={help ?? t('split.holdersHelp')}
        rules={[
          {
            validator: (_, v: string[] | undefined) =>
              (v?.length ?? 0) >= SPLIT_MIN
                ? Promise.resolve()
                : Promise.reject(new Error(t('split.holdersRequired'))),
          },
        ]}
      >
        <Checkbox.Group
          className="keys-holders"
          options={people.map((p) => ({ value: p.id, label: `${p.name} (${p.account})` }))}
        />
      </Form.Item>
      <Form.Item
        name="threshold"
        label={t('split.threshold')}
        extra={t('split.thresholdHelp')}
        dependencies={['holders']}
        rules={[
          ...limits(`${at}threshold`),
          ({ getFieldValue }) => ({
            validator: (_, v: number | undefined | null) => {
              const n = (getFieldValue('holders') as string[] | undefined)?.length ?? 0;
              const fault = thresholdFault(v ?? undefined, n);
              if (!fault) return Promise.resolve();
              const key = {
                required: 'split.thresholdRequired',
                tooSmall: 'split.thresholdTooSmall',
                tooBig: 'split.thresholdTooBig',
              } as const;
              return Promise.reject(new Error(t(key[fault], { n })));
            },
          }),
        ]}
      >
        <InputNumber precision={0} style={{ width: '8em' }} />
      </Form.Item>
    </>
  );
}

/**
 * "Split key" / "Split again": a new KEK split M-of-N among the key managers chosen. Splitting
 * again retires the current split once the new one is confirmed, which the dialog says and a
 * confirmation asks once more (its old shares stop working: irreversible).
 */
export function SplitModal({ status, onClose }: { status: TKeyStatus; onClose: () => void }) {
  const { t } = useTranslation('adminKeys');
  const [form] = Form.useForm<SplitValues>();
  const split = useSplitKeys();
  const [modal, holder] = Modal.useModal();
  const again = !!status.activeSplit;
  return (
    <>
      {holder}
      <FormModal<SplitValues>
        open
        title={again ? t('split.againTitle') : t('split.title')}
        form={form}
        name="key-split"
        pending={split.isPending}
        onCancel={onClose}
        initialValues={{ holders: status.keyManagers.map((p) => p.id), threshold: SPLIT_MIN }}
        before={
          again && (
            <Alert
              type="warning"
              showIcon
              title={t('split.againWarning')}
              style={{ marginBottom: 16 }}
            />
          )
        }
        onSubmit={async (v) => {
          const threshold = v.threshold ?? SPLIT_MIN;
          if (again) {
            const sure = await modal.confirm({
              title: t('split.confirmTitle'),
              content: t('split.confirmContent', { m: threshold, n: v.holders.length }),
              okText: t('split.ok'),
              okButtonProps: { danger: true },
            });
            if (!sure) return;
          }
          await split.mutateAsync({ holders: v.holders, threshold });
          toastSuccess(t('split.done'));
          onClose();
        }}
      >
        <SplitFields people={status.keyManagers} call={splitKeys} at="" />
      </FormModal>
    </>
  );
}

/**
 * "Initialise keys": once. With two key managers or more the KEK is split at once among those
 * chosen; with one, the keys are initialised without a split and the dialog says that dual
 * control stays off, why, and what to do. A confirmation asks first (it cannot be undone).
 */
export function InitModal({ status, onClose }: { status: TKeyStatus; onClose: () => void }) {
  const { t } = useTranslation('adminKeys');
  const [form] = Form.useForm<SplitValues>();
  const init = useInitKeys();
  const [modal, holder] = Modal.useModal();
  const single = status.keyManagers.length < SPLIT_MIN;
  return (
    <>
      {holder}
      <FormModal<SplitValues>
        open
        title={t('init.title')}
        form={form}
        name="key-init"
        pending={init.isPending}
        onCancel={onClose}
        initialValues={{ holders: status.keyManagers.map((p) => p.id), threshold: SPLIT_MIN }}
        before={
          single ? (
            <Alert
              type="warning"
              showIcon
              title={t('off.oneKeyManager.title')}
              description={t('init.single')}
              style={{ marginBottom: 16 }}
            />
          ) : (
            <p>{t('init.intro')}</p>
          )
        }
        onSubmit={async (v) => {
          const sure = await modal.confirm({
            title: t('init.confirmTitle'),
            content: t('init.confirmContent'),
            okText: t('init.ok'),
          });
          if (!sure) return;
          await init.mutateAsync(
            single ? {} : { split: { holders: v.holders, threshold: v.threshold ?? SPLIT_MIN } },
          );
          onClose();
        }}
      >
        {!single && <SplitFields people={status.keyManagers} call={initKeys} at="split." />}
      </FormModal>
    </>
  );
}
