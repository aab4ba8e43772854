/** The public entry of this module: other modules import only from here. */
export { autoLoginTokens } from './auto-login.ts';
export { loginCodes, writeSmsToOutbox } from './login-codes.ts';
export {
  loginService,
  passwordExpired,
  type LoginContext,
  type LoginService,
} from './login-service.ts';
export { selfService, type SelfService } from './self-service.ts';
