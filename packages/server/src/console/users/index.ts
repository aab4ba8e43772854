/** The public entry of this module: other modules import only from here. */
export { setPassword, type PasswordDeps } from './user-password.ts';
export { userService, type UserService } from './user-service.ts';
export { vendorUserService, type VendorUserService } from './vendor-user-service.ts';
