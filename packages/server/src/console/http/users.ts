import type { FastifyInstance } from 'fastify';
import {
  addGroup,
  deleteGroup,
  editGroup,
  endEscrow,
  escrowGroup,
  groupList,
} from '@edp/shared/api/console/groups.calls';
import {
  myInfo,
  updateMyName,
  updateMyPassword,
  updateMyPhone,
} from '@edp/shared/api/console/profile.calls';
import { addProxy, deleteProxy, editProxy, proxyList } from '@edp/shared/api/console/proxies.calls';
import { addRole, deleteRole, editRole, roleList } from '@edp/shared/api/console/roles.calls';
import {
  addUser,
  deleteUser,
  editUser,
  moveUsers,
  purgeUser,
  recoverUser,
  resetUserPassword,
  userList,
} from '@edp/shared/api/console/users.calls';
import { callerOf } from './console-guard.ts';
import { sendList } from './send-list.ts';
import { userInfoOf } from '../access/index.ts';
import { sessionOf, serve } from '../../platform/http/index.ts';
import type { ConsoleCache } from '../access/index.ts';
import type { GroupService } from '../groups/index.ts';
import type { SelfService } from '../login/index.ts';
import type { ProxyService } from '../proxies/index.ts';
import type { RoleService } from '../roles/index.ts';
import type { UserService } from '../users/index.ts';

/** Users of the console (docs/product.md §7 user module): users, my profile, roles, groups, proxies. */
export function userRoutes(
  app: FastifyInstance,
  s: {
    users: UserService;
    self: SelfService;
    roles: RoleService;
    groups: GroupService;
    proxies: ProxyService;
    consoleCache: ConsoleCache;
  },
) {
  const { users, self, roles, groups, proxies } = s;

  serve(app, userList, (req, reply) => {
    const caller = callerOf(req);
    return sendList(reply, s.consoleCache.lists, caller, 'users', req.body, () =>
      users.list(caller, req.body),
    );
  });
  serve(app, addUser, (req) => users.add(callerOf(req), req.body));
  serve(app, editUser, async (req) => {
    await users.edit(callerOf(req), req.body);
  });
  serve(app, deleteUser, async (req) => {
    await users.del(callerOf(req), req.body.id);
  });
  serve(app, recoverUser, async (req) => {
    await users.recover(callerOf(req), req.body.id);
  });
  serve(app, purgeUser, async (req) => {
    await users.realDel(callerOf(req), req.body.id);
  });
  serve(app, moveUsers, async (req) => {
    await users.move(callerOf(req), req.body);
  });
  serve(app, resetUserPassword, async (req) => {
    await users.resetPassword(callerOf(req), req.body.id, req.body.password);
  });

  serve(app, myInfo, async (req) => userInfoOf(callerOf(req).actor));
  serve(app, updateMyName, async (req) => {
    await self.updateName(callerOf(req), req.body.name);
  });
  serve(app, updateMyPassword, async (req) => {
    const { oldPassword, newPassword } = req.body;
    await self.updatePassword(callerOf(req), oldPassword, newPassword, sessionOf(req).tokenHash);
  });
  serve(app, updateMyPhone, async (req) => {
    await self.updatePhone(callerOf(req), req.body.password, req.body.phone);
  });

  serve(app, roleList, (req) => roles.list(callerOf(req), req.body));
  serve(app, addRole, (req) => roles.add(callerOf(req), req.body));
  serve(app, editRole, async (req) => {
    await roles.edit(callerOf(req), req.body);
  });
  serve(app, deleteRole, async (req) => {
    await roles.del(callerOf(req), req.body.id);
  });

  serve(app, groupList, (req) => groups.list(callerOf(req)));
  serve(app, addGroup, (req) => groups.add(callerOf(req), req.body));
  serve(app, editGroup, async (req) => {
    await groups.edit(callerOf(req), req.body);
  });
  serve(app, deleteGroup, async (req) => {
    await groups.del(callerOf(req), req.body.id);
  });
  serve(app, escrowGroup, async (req) => {
    await groups.escrow(callerOf(req), req.body);
  });
  serve(app, endEscrow, async (req) => {
    await groups.cancelEscrow(callerOf(req), req.body.id);
  });

  serve(app, proxyList, (req) => proxies.list(callerOf(req), req.body));
  serve(app, addProxy, (req) => proxies.add(callerOf(req), req.body));
  serve(app, editProxy, async (req) => {
    await proxies.edit(callerOf(req), req.body);
  });
  serve(app, deleteProxy, async (req) => {
    await proxies.del(callerOf(req), req.body.id);
  });
}
