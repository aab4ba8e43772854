/** The public entry of this module: other modules import only from here. */
export { roleService } from './role-service.ts';
