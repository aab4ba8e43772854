/** The public entry of this module: other modules import only from here. */
export { KEK_CHANGE_JOB, kekChangeJob, keyService, type KeyService } from './key-service.ts';
export {
  RECOVERY_EXPIRY_JOB,
  RECOVERY_OPEN_MS,
  recoveryExpiryJob,
  recoveryService,
  type RecoveryService,
} from './recovery-service.ts';
export { WINDOW_PURPOSE, windowKeyService, type WindowKeyService } from './window-key-service.ts';
export {
  INCIDENT_CONTAINMENT_JOB,
  incidentContainmentJob,
  incidentService,
  type IncidentActions,
  type IncidentService,
  type IncidentWarn,
} from './incident-service.ts';
export {
  DEVICE_ROTATION_HOURS,
  ESCROW_ROTATION_JOB,
  escrowRotationJob,
  escrowRotationService,
  type EscrowRotationService,
} from './escrow-rotation-service.ts';
export { KEK_SEALED_PREFIX, sealedSecrets, type SealedSecrets } from './sealed-secrets.ts';
