import { lazy, Suspense, useState } from 'react';
import type { TUserInfo } from '@edp/shared/contracts/login';

// Loaded on their first opening: with them, antd's form library would come with every
// console page's first load (Lighthouse, docs/decisions.md).
const AutoLoginModal = lazy(() =>
  import('../../features/admin-profile/components/auto-login-modal.tsx').then((m) => ({
    default: m.AutoLoginModal,
  })),
);
const MyNameModal = lazy(() =>
  import('../../features/admin-profile/components/my-name-modal.tsx').then((m) => ({
    default: m.MyNameModal,
  })),
);
const MyPasswordModal = lazy(() =>
  import('../../features/admin-profile/components/my-password-modal.tsx').then((m) => ({
    default: m.MyPasswordModal,
  })),
);
const MyPhoneModal = lazy(() =>
  import('../../features/admin-profile/components/my-phone-modal.tsx').then((m) => ({
    default: m.MyPhoneModal,
  })),
);

export type ProfileModal = 'name' | 'password' | 'phone' | 'autoLogin' | undefined;

interface AdminProfileModalsProps {
  open: ProfileModal;
  onClose: () => void;
  user: TUserInfo | undefined;
  onCopied: () => void;
}

/**
 * The console user's own settings, opened from the header dropdown. A dialog is loaded and
 * rendered from its first opening on (then kept, for its closing animation).
 */
export function AdminProfileModals({ open, onClose, user, onCopied }: AdminProfileModalsProps) {
  const [opened, setOpened] = useState<ReadonlySet<ProfileModal>>(new Set());
  if (open && !opened.has(open)) setOpened(new Set([...opened, open]));
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}
