import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

interface ConfirmDeleteButtonProps {
  /** Names the row for screen readers: the button reads "Delete <label>". */
  label: string;
  /** Names what goes in the question "Delete <name>?". */
  name: string;
  /** Deletes. A failure was already shown by the HTTP client, so it is dropped here. */
  onConfirm: () => Promise<unknown>;
}

/** A table row's Delete link, which asks before it deletes (every console list has one). */
export function ConfirmDeleteButton({ label, name, onConfirm }: ConfirmDeleteButtonProps) {
  const { t: ta } = useTranslation('admin');
  return (
    <Popconfirm
      title={ta('confirm.deleteTitle')}
      description={ta('confirm.deleteContent', { name })}
      okText={ta('confirm.ok')}
      cancelText={ta('actions.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      <Button type="link" size="small" danger aria-label={`${ta('actions.delete')} ${label}`}>
        {ta('actions.delete')}
      </Button>
    </Popconfirm>
  );
}
