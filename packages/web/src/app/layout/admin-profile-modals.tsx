import { useState } from 'react';
import type { TUserInfo } from '@edp/shared/contracts/login';
import { AutoLoginModal } from '../../features/admin-profile/components/auto-login-modal.tsx';
import { MyNameModal } from '../../features/admin-profile/components/my-name-modal.tsx';
import { MyPasswordModal } from '../../features/admin-profile/components/my-password-modal.tsx';
import { MyPhoneModal } from '../../features/admin-profile/components/my-phone-modal.tsx';

export type ProfileModal = 'name' | 'password' | 'phone' | 'autoLogin' | undefined;

interface AdminProfileModalsProps {
  open: ProfileModal;
  onClose: () => void;
  user: TUserInfo | undefined;
  onCopied: () => void;
}

/**
 * The console user's own settings, opened from the header dropdown. A dialog is rendered from
 * its first opening on (then kept, for its closing animation): closed, it would still make
 * antd generate its styles on the console's first paint.
 */
export function AdminProfileModals({ open, onClose, user, onCopied }: AdminProfileModalsProps) {
  const [opened, setOpened] = useState<ReadonlySet<ProfileModal>>(new Set());
  if (open && !opened.has(open)) setOpened(new Set([...opened, open]));
  return (
    <>
      {opened.has('name') && (
        <MyNameModal open={open === 'name'} onClose={onClose} currentName={user?.fullName} />
      )}
      {opened.has('password') && <MyPasswordModal open={open === 'password'} onClose={onClose} />}
      {opened.has('phone') && (
        <MyPhoneModal open={open === 'phone'} onClose={onClose} currentPhone={user?.phone} />
      )}
      {opened.has('autoLogin') && (
        <AutoLoginModal open={open === 'autoLogin'} onClose={onClose} onCopied={onCopied} />
      )}
    </>
  );
}
