import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Space, message } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TPackage } from '@edp/shared/contracts/vendor';
import { saveBlob } from '../../../lib/download-file.ts';
import { useMakeCodes } from '../api/make-codes.ts';
import { codesFileName, codesText } from './codes-file.ts';

interface CodesModalProps {
  pkg: TPackage | undefined;
  onClose: () => void;
}

/** Generate 1-1000 codes of a package, then copy them all or save them as a .txt file. */
export function CodesModal({ pkg, onClose }: CodesModalProps) {
  const { t } = useTranslation('vendor');
  const { t: tp } = useTranslation('portal');
  const [count, setCount] = useState<number | null>(10);
  const [codes, setCodes] = useState<string[]>();
  const mutation = useMakeCodes();

  const generate = async () => {
    if (!pkg || !count) return;
    try {
      setCodes((await mutation.mutateAsync({ packageId: pkg.id, count })).codes);
    } catch {
      // Shown by the HTTP client.
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText(codes ?? []));
      void message.success(t('codes.copied'));
    } catch {
      void message.error(t('codes.copyFailed'));
    }
  };
  const close = () => {
    setCodes(undefined);
    onClose();
  };

  return (
    <Modal
      open={!!pkg}
      title={pkg ? t('codes.title', { name: pkg.name }) : ''}
      onCancel={close}
      footer={<Button onClick={close}>{tp('actions.close')}</Button>}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void generate()}>
        <Form.Item label={t('codes.count')} extra={t('codes.countHint')} htmlFor="codes-count">
          <Space.Compact>
            <InputNumber
              id="codes-count"
              min={1}
              max={1000}
              precision={0}
              value={count}
              onChange={setCount}
            />
            <Button type="primary" htmlType="submit" disabled={!count} loading={mutation.isPending}>
              {t('codes.generate')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {codes && (
        <>
          <Alert type="success" showIcon title={t('codes.generated', { count: codes.length })} />
          <label htmlFor="codes-list" className="form-field__label section-title">
            {t('codes.list')}
          </label>
          <Input.TextArea id="codes-list" readOnly value={codesText(codes)} rows={8} />
          <Space className="toolbar" style={{ marginTop: 12 }}>
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('codes.copy')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                saveBlob(
                  new Blob([codesText(codes)], { type: 'text/plain;charset=utf-8' }),
                  codesFileName(pkg?.name ?? ''),
                )
              }
            >
              {t('codes.download')}
            </Button>
          </Space>
        </>
      )}
    </Modal>
  );
}
