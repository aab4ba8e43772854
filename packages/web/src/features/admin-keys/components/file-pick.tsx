import { useRef } from 'react';
import { Button, Space } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A file read as text in the browser: its name and content (never uploaded). */
export interface PickedFile {
  name: string;
  text: string;
}

/**
 * Picks one small text file (an age file) for a form field: a button, named by the field's
 * label through `id`, opens the browser's file chooser; the file is read here and never sent.
 */
export function FilePick({
  id,
  value,
  onChange,
  accept = '.age,.txt,text/plain',
}: {
  id?: string;
  value?: PickedFile;
  onChange?: (file: PickedFile | undefined) => void;
  accept?: string;
}) {
  const { t } = useTranslation('adminKeys');
  const input = useRef<HTMLInputElement>(null);
  return (
    <Space wrap>
      <Button id={id} icon={<UploadOutlined />} onClick={() => input.current?.click()}>
        {t('open.chooseFile')}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          void file.text().then(
            (text) => onChange?.({ name: file.name, text }),
            () => onChange?.(undefined),
          );
        }}
      />
      {value && <span aria-live="polite">{t('open.fileChosen', { name: value.name })}</span>}
    </Space>
  );
}
