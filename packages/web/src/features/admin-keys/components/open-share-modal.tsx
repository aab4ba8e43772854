import { Alert, Form, Input, Modal, Radio } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showOnField } from '../../../lib/form-refusal.ts';
import { isAgeIdentity } from '../lib/key-rules.ts';
import { openShare, OpenShareError, type ShareSource } from '../lib/open-share.ts';
import { FilePick, type PickedFile } from './file-pick.tsx';

type How = ShareSource['kind'];

interface OpenValues {
  how: How;
  file?: PickedFile;
  passphrase?: string;
  identity?: string;
  text?: string;
}

/** The source the fields describe (the form has checked that each part is there). */
export function sourceOf(v: OpenValues): ShareSource {
  if (v.how === 'text') return { kind: 'text', text: v.text ?? '' };
  const file = v.file?.text ?? '';
  return v.how === 'passphrase'
    ? { kind: 'passphrase', file, passphrase: v.passphrase ?? '' }
    : { kind: 'identity', file, identity: v.identity ?? '' };
}

/**
 * A holder hands over their share (to confirm it, or to present it to a recovery): the file
 * with its passphrase or the holder's age identity, decrypted here in the browser, or the clear
 * text `age -d` printed. Only the share's text goes to `onShare`; what the file could not give
 * is said under the field that is wrong, and a refusal of the server under the share's field.
 */
export function OpenShareModal({
  title,
  okText,
  before,
  name,
  onShare,
  onClose,
}: {
  title: ReactNode;
  okText: string;
  before?: ReactNode;
  /** The form's name: antd prefixes the field ids with it. */
  name: string;
  onShare: (share: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminKeys');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<OpenValues>();
  const how = (Form.useWatch('how', form) as How | undefined) ?? 'passphrase';
  const [busy, setBusy] = useState(false);

  const submit = async (v: OpenValues) => {
    setBusy(true);
    try {
      const share = await openShare(sourceOf(v));
      await onShare(share);
      onClose();
    } catch (e) {
      if (e instanceof OpenShareError) {
        const field =
          e.fault === 'wrongSecret'
            ? v.how === 'identity'
              ? 'identity'
              : 'passphrase'
            : v.how === 'text'
              ? 'text'
              : 'file';
        form.setFields([{ name: field, errors: [t(`open.${e.fault}`)] }]);
      } else {
        showOnField(form, e, { share: [v.how === 'text' ? 'text' : 'file'] });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={ta('actions.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {before}
      <Form
        form={form}
        layout="vertical"
        name={name}
        initialValues={{ how: 'passphrase' }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="how" label={t('open.how')}>
          <Radio.Group
            options={[
              { value: 'passphrase', label: t('open.fromPassphrase') },
              { value: 'identity', label: t('open.fromIdentity') },
              { value: 'text', label: t('open.fromText') },
            ]}
          />
        </Form.Item>
        {how === 'text' ? (
          <Form.Item
            name="text"
            label={t('open.text')}
            extra={t('open.textHelp')}
            rules={[{ required: true, whitespace: true, message: t('open.textRequired') }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} spellCheck={false} />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="file"
              label={t('open.file')}
              rules={[{ required: true, message: t('open.fileRequired') }]}
            >
              <FilePick />
            </Form.Item>
            {how === 'passphrase' ? (
              <Form.Item
                name="passphrase"
                label={t('open.passphrase')}
                rules={[{ required: true, message: t('myShare.passphraseRequired') }]}
              >
                <Input.Password autoComplete="off" />
              </Form.Item>
            ) : (
              <Form.Item
                name="identity"
                label={t('open.identity')}
                extra={t('open.identityHelp')}
                rules={[
                  { required: true, whitespace: true, message: t('open.identityRequired') },
                  {
                    validator: (_, v: string | undefined) =>
                      !v?.trim() || isAgeIdentity(v)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('open.identityInvalid'))),
                  },
                ]}
              >
                <Input.Password autoComplete="off" spellCheck={false} />
              </Form.Item>
            )}
          </>
        )}
      </Form>
      <Alert type="info" showIcon title={t('open.inBrowser')} />
    </Modal>
  );
}
