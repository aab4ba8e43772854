/** The public entry of this module: other modules import only from here. */
export {
  companyService,
  companySummary,
  type CompanyService,
  type Origin,
} from './company-service.ts';
export {
  EMAIL_CODE_MAX_TRIES,
  emailCodeService,
  type EmailCodeService,
} from './email-code-service.ts';
