/** The public entry of this module: other modules import only from here. */
export { roleService, type RoleDeps, type RoleService } from './role-service.ts';
