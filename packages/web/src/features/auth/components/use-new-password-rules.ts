import { useTranslation } from 'react-i18next';
import { DEFAULT_PASSWORD_POLICY } from '@edp/shared/rules';
import { useTenantInfo } from '../../tenant/api/get-tenant-info.ts';
import { passwordRules } from '../../../components/password-rules.ts';

/**
 * The password rules of docs/product.md §5 for the register and retrieve forms: the owner's loginSet rule
 * when the host has one (/owner/n/domain), else the default, with localised messages.
 */
export function useNewPasswordRules() {
  const { t } = useTranslation('signup');
  const { t: ta } = useTranslation('auth');
  const owner = useTenantInfo();
  const policy = owner.data?.loginSet?.pwdMatch ?? DEFAULT_PASSWORD_POLICY;
  const [min, max] = policy.range;
  return passwordRules(
    {
      required: ta('validation.passwordRequired'),
      rule: t('validation.passwordRule', { min, max }),
      repeatRequired: t('validation.repeatRequired'),
      mismatch: t('validation.mismatch'),
    },
    policy,
  );
}
