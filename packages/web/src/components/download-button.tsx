import { useState } from 'react';
import { Button, type ButtonProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';

interface DownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** Fetches and saves the file; errors are toasted by the HTTP client. */
  onDownload: () => Promise<unknown>;
}

/** A button that shows progress while its file downloads. */
export function DownloadButton({ onDownload, children, ...rest }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await onDownload();
    } catch {
      // Already shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} {...rest} loading={busy} onClick={() => void click()}>
      {children}
    </Button>
  );
}
