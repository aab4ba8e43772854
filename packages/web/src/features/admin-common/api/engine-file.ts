import { useQuery } from '@tanstack/react-query';
import { engineFileInfo } from '@edp/shared/api/engine/agent.calls';
import { callQuery } from '../../../lib/api-query.ts';

/**
 * The engine file this console serves (its name, size, SHA-256): what the enrolment commands
 * download and check. A server with none built answers -10105, which the section shows itself.
 */
export function useEngineFile() {
  return useQuery({ ...callQuery(engineFileInfo, {}, { silent: true }), retry: false });
}
