import { useEffect } from 'react';
import { Modal } from 'antd';

export type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** useLazyModal's holder, in a chunk of its own with antd's dialogs. */
export default function ModalHost({ onReady }: { onReady: (api: ModalApi) => void }) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => onReady(modal), [modal, onReady]);
  return holder;
}
