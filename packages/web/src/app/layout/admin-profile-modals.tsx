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

/** The console user's own settings, opened from the header dropdown. */
export function AdminProfileModals({ open, onClose, user, onCopied }: AdminProfileModalsProps) {
  return (
    <>
      <MyNameModal open={open === 'name'} onClose={onClose} currentName={user?.fullName} />
      <MyPasswordModal open={open === 'password'} onClose={onClose} />
      <MyPhoneModal open={open === 'phone'} onClose={onClose} currentPhone={user?.phone} />
      <AutoLoginModal open={open === 'autoLogin'} onClose={onClose} onCopied={onCopied} />
    </>
  );
}
