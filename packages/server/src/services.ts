import type { Platform } from './platform/platform.ts';
import { consoleCache } from './console/access/index.ts';
import { auditQueryService, auditService } from './console/audit/index.ts';
import {
  deviceActivityLog,
  deviceCounts,
  deviceEvents,
  deviceExport,
  deviceService,
  enrolSecretService,
} from './console/devices/index.ts';
import { groupService } from './console/groups/index.ts';
import { installerService } from './console/installers/index.ts';
import { loginService, selfService } from './console/login/index.ts';
import { proxyService } from './console/proxies/index.ts';
import { reportService } from './console/reports/index.ts';
import { roleService } from './console/roles/index.ts';
import {
  setupService,
  tenantInfoService,
  tenantService,
  vendorTenantService,
} from './console/tenants/index.ts';
import { userService, vendorUserService } from './console/users/index.ts';
import { engineContext } from './engines/index.ts';
import {
  commandEvents,
  commandService,
  syncService,
  taskService,
} from './console/commands/index.ts';
import { elevationService } from './console/elevation/index.ts';
import {
  escrowRotationService,
  incidentService,
  keyService,
  recoveryService,
  sealedSecrets,
  windowKeyService,
} from './console/keys/index.ts';
import { consoleKey, secretBox } from './platform/keys/index.ts';
import { keyIncidentWarning, notifier, notifyService } from './console/notify/index.ts';
import { outboundClient } from './platform/outbound/index.ts';
import { deviceLicenceService } from './console/licences/index.ts';
import {
  alertService,
  logCountFolder,
  logIngest,
  logMaintenance,
  logReads,
  logSettingsService,
} from './console/logs/index.ts';
import { overviewService } from './console/overview/index.ts';
import { balanceService, rechargeService } from './portal/balance/index.ts';
import { companyService, emailCodeService } from './portal/company/index.ts';
import { engineReadService } from './portal/device/index.ts';
import {
  licenceBatchService,
  licencePageCache,
  licenceReadService,
  licenceService,
} from './portal/licence/index.ts';
import { customerService, vendorAuditService, vendorService } from './portal/super-admin/index.ts';
import { supportRequestService } from './portal/support-request/index.ts';
import { versionService } from './portal/version/index.ts';

/**
 * The composition root: every cache and service, built once at start from the platform, each
 * handed by name what it uses. The routes receive them (api-routes.ts); nothing else builds one.
 */
export function buildServices(platform: Platform) {
  const p = platform;
  const { db, clock, bus, passwords } = p;
  const audit = auditService({ db, clock });
  const cache = consoleCache({ db, clock, bus });
  const licencePages = licencePageCache({ clock, bus });
  const licenceReads = licenceReadService({ db, clock });
  const emailCodes = emailCodeService({ db, clock });
  const companies = companyService({
    db,
    captcha: p.captcha,
    loginGuard: p.loginGuard,
    sessions: p.sessions,
    mailer: p.mailer,
    passwords,
    emailCodes,
  });
  const balance = balanceService({ db, companies });
  const recharge = rechargeService({ db, companies });
  const licences = licenceService({
    db,
    clock,
    vendorKeys: p.vendorKeys,
    licencePages,
    balance,
  });
  const counts = deviceCounts({ db, bus, clock });
  const activity = deviceActivityLog({ db });
  // The console's own key, which signs elevation and learning-mode windows (docs/elevation.md).
  const windowKey = consoleKey({ db, clock, consoleKeySecret: p.consoleKeySecret });
  const ingest = logIngest({ db, clock, bus: p.bus });
  // The tenants' keys under dual control (docs/keys.md): shares and deliveries sealed by a key
  // of their own, derived from the root secret.
  const keyDeps = {
    db,
    clock,
    bus,
    consoleKeySecret: p.consoleKeySecret,
    audit,
    box: secretBox({ consoleKeySecret: p.consoleKeySecret, purpose: 'key shares' }),
  };
  // The tenant's window-signing key (docs/keys.md "Rotation"): its own under its KEK, or the
  // console's shared key until its first rotation. `keys` is read when a key is opened, not now.
  const windowKeys = windowKeyService({
    db,
    clock,
    bus,
    audit,
    shared: windowKey,
    kek: async (tenantId) => (await keys.currentKek(tenantId)).kek,
    consoleKeySecret: p.consoleKeySecret,
    counts,
  });
  // The tenant's sealed secrets (the notify settings'): under its KEK once initialised; a new KEK
  // has notify seal them again. `notify` is read when that happens, not now.
  const sealed = sealedSecrets({
    db,
    bus,
    consoleKeySecret: p.consoleKeySecret,
    purpose: 'notify settings',
  });
  const keys = keyService({
    ...keyDeps,
    windowKeys,
    kekChanged: (tenantId, old, kek) => sealed.kekChanged(tenantId, old, kek, notify.resealSecrets),
  });
  const recoveries = recoveryService({ ...keyDeps, keys });
  // What the engines tell the console (issue 36 point 2): the device centre writes their devices
  // and activity, the commands module their commands and tasks, the logs their batches.
  const devicesOfEngines = deviceEvents({ db, audit, counts, activity });
  const engines = engineContext({
    bus,
    clock,
    config: p.config,
    vendorKeys: p.vendorKeys,
    log: p.log,
    metrics: p.metrics,
    events: {
      ...devicesOfEngines,
      ...commandEvents({ db, log: p.log, devices: devicesOfEngines, activity }),
      logged: (device, batch) => ingest.append(device, batch),
      consoleKey: windowKeys.publicPem,
      windowKeyFor: windowKeys.windowKeyFor,
      // The data keys a device's state lists go to the key module once the device is written.
      async enrolling(e) {
        const made = await devicesOfEngines.enrolling(e);
        if (made) await keys.listed(made.id, e.state.keys, e.now);
        if (made) await windowKeys.reported(made.id, e.state.windowKey, e.now);
        return made;
      },
      async reproving(e) {
        const made = await devicesOfEngines.reproving(e);
        if (made) await keys.listed(made.id, e.state.keys, e.now);
        if (made) await windowKeys.reported(made.id, e.state.windowKey, e.now);
        return made;
      },
      async stateChanged(deviceId, state, digest, now, upSince) {
        const running = await devicesOfEngines.stateChanged(deviceId, state, digest, now, upSince);
        if (running) await keys.listed(deviceId, state.keys, now);
        if (running) await windowKeys.reported(deviceId, state.windowKey, now);
        return running;
      },
      escrowKey: keys.escrowKey,
      escrowed: keys.escrowed,
    },
  });
  // The one way commands go to the engines (console/commands).
  const commands = commandService({
    db,
    clock,
    log: p.log,
    devices: devicesOfEngines,
    activity,
    queue: engines.commands,
  });
  // The engine this console serves is the newest of every kind ('' when it is not built).
  const servedVersion = () =>
    engines.file.current().then(
      (f) => f.version,
      () => '',
    );
  const tenants = tenantService({ db, audit });
  const installers = installerService({
    db,
    config: p.config,
    audit,
    // The vendor's product versions are the portal's; `versions` is read when asked, not now.
    releasedVersions: (locale) => versions.released(locale),
  });
  const tasks = taskService({
    db,
    clock,
    audit,
    commands,
    servedVersion,
    // As the installers' releases: the portal's versions, read when asked.
    releaseOf: (version, locale) => versions.releaseOf(version, locale),
  });
  // Rotations of the escrow key and of devices' data keys (docs/keys.md "Rotation"): a data key's
  // is a task, sent the one way tasks go.
  const escrowRotation = escrowRotationService({
    ...keyDeps,
    keys,
    startTask: (caller, input) => tasks.create(caller, input),
  });
  const sync = syncService({
    db,
    clock,
    audit,
    commands,
    presence: engines.presence,
    waitMs: p.config.SYNC_WAIT_MS,
  });
  // Every call to an address a tenant typed, internal ones refused (platform/outbound).
  const outbound = outboundClient({ allow: p.config.OUTBOUND_ALLOW_HOSTS });
  const notify = notifyService({ db, clock, audit, boxOf: sealed.boxOf, outbound });
  const users = userService({
    db,
    clock,
    sessions: p.sessions,
    passwords,
    consoleCache: cache,
    audit,
    tenants,
  });
  const login = loginService({
    db,
    clock,
    captcha: p.captcha,
    config: p.config,
    loginGuard: p.loginGuard,
    mailer: p.mailer,
    sessions: p.sessions,
    passwords,
    autoLoginKey: p.autoLoginKey,
    log: p.log,
    audit,
    tenants,
    users,
    sms: notify.sendLoginCode,
  });
  // Windows are signed by their tenant's current window key.
  const elevation = elevationService({
    db,
    clock,
    audit,
    key: windowKeys,
    commands,
    sync,
    activity,
  });
  // Key incidents (docs/keys.md "Incidents"): each starts the key module's split or rotation (a
  // device's also ends its windows), and warns through the tenant's warning channels.
  const incidents = incidentService({
    db,
    clock,
    audit,
    warn: keyIncidentWarning(db),
    actions: {
      split: keys.split,
      rotateEscrow: escrowRotation.rotateEscrow,
      escrowRotationAffected: escrowRotation.escrowRotationAffected,
      rotateDevices: escrowRotation.rotateDevices,
      deviceRotationAffected: escrowRotation.deviceRotationAffected,
      rotateWindowKey: windowKeys.rotateWindowKey,
      windowRotationAffected: windowKeys.windowRotationAffected,
      endDeviceWindows: elevation.endDeviceWindows,
    },
  });
  const roles = roleService({ db, audit, tenants, releaseRole: users.releaseRole });
  // The vendor's audit log is portal/super-admin's; the console's vendor services write it
  // through its `record`.
  const vendorAudit = vendorAuditService({ db });
  const vendorTenants = vendorTenantService({
    db,
    sessions: p.sessions,
    audit,
    consoleCache: cache,
    // The tenant is gone either way: a file left behind is logged, not answered as an error.
    tenantDeleted: (id) =>
      installers.removeTenantFiles(id).catch((err: unknown) => {
        p.log.error({ err, tenantId: id }, 'installer files of a deleted tenant not removed');
      }),
    keysInitialised: keys.initialised,
    // `customers` is read when a tenant is listed or linked, not now.
    customerNames: (ids) => customers.names(ids),
    vendorAudit: vendorAudit.record,
  });
  // The vendor's customers read the console's tenants, keys and engines through these.
  const customers = customerService({
    db,
    clock,
    licenceReads,
    balance,
    facts: vendorTenants.customerFacts,
  });
  // The vendor's product versions read the console's engines and installers through these.
  const versions = versionService({
    db,
    facts: vendorTenants.versionFacts,
    vendorAudit: vendorAudit.record,
  });
  return {
    // portal
    companies,
    emailCodes,
    licences,
    licenceBatches: licenceBatchService({ db, clock, licences, licencePages, balance }),
    licencePages,
    licenceReads,
    engineReads: engineReadService({ db, clock, licenceReads }),
    balance,
    recharge,
    vendor: vendorService({
      db,
      captcha: p.captcha,
      loginGuard: p.loginGuard,
      sessions: p.sessions,
      passwords,
      recharge,
      vendorAudit,
    }),
    vendorAudit,
    supportRequests: supportRequestService({
      db,
      clock,
      mailer: p.mailer,
      log: p.log,
      vendorAudit,
      // The system settings are the console's tenants module's; the portal reads this one field.
      supportAddress: () => tenants.systemSettings().then((s) => s.supportEmail),
    }),
    vendorTenants,
    customers,
    versions,
    vendorUsers: vendorUserService({
      db,
      clock,
      sessions: p.sessions,
      passwords,
      consoleCache: cache,
      audit,
      tenants,
      vendorAudit: vendorAudit.record,
    }),
    // console
    consoleCache: cache,
    audit,
    auditQueries: auditQueryService({ db, clock }),
    tenants,
    tenantInfo: tenantInfoService({ db }),
    setup: setupService({
      db,
      passwords,
      audit,
      vendorAudit: vendorAudit.record,
      tenants,
      duties: { addRole: roles.addDutyRole, addUser: users.addDutyUser },
    }),
    login,
    self: selfService({
      db,
      clock,
      sessions: p.sessions,
      passwords,
      consoleCache: cache,
      loginGuard: p.loginGuard,
      audit,
      tenants,
      login,
      users,
    }),
    users,
    roles,
    groups: groupService({
      db,
      audit,
      devicesChanged: counts.changed,
      releaseGroup: users.releaseGroup,
    }),
    proxies: proxyService({ db, clock, audit }),
    deviceCentre: deviceService({
      db,
      clock,
      audit,
      counts,
      engineAuth: engines.auth,
      presence: engines.presence,
      servedVersion,
    }),
    deviceCounts: counts,
    enrolSecrets: enrolSecretService({ db, clock, audit }),
    deviceExport: deviceExport({ db, clock, presence: engines.presence, servedVersion }),
    installers,
    tasks,
    sync,
    deviceLicences: deviceLicenceService({
      db,
      clock,
      vendorKeys: p.vendorKeys,
      sync,
      tasks,
      audit,
      servedVersion,
    }),
    keys,
    recoveries,
    escrowRotation,
    windowKeys,
    elevation,
    incidents,
    logs: logReads({ db, clock }),
    alerts: alertService({ db, clock, audit }),
    logSettings: logSettingsService({ db, clock, audit, rulesChanged: ingest.rulesChanged }),
    logMaintenance: logMaintenance({ db, clock, log: p.log, backupDir: p.config.logBackupDir }),
    logCountFolder: logCountFolder({ db }),
    overview: overviewService({ db, clock }),
    notify,
    notifier: notifier({ db, clock, log: p.log, mailer: p.mailer, boxOf: sealed.boxOf, outbound }),
    reports: reportService({ db, clock, jobs: p.jobs, log: p.log, audit }),
    // engines
    engines,
  };
}
export type Services = ReturnType<typeof buildServices>;
