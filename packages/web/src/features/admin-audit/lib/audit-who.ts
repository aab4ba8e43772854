/**
 * The role and duty of an entry's actor as one cell: the role, and the duty beside it only where
 * it says something the role's name does not (a built-in role is named after its duty; a role
 * someone made may not be). An engine's enrolment has a duty and no role.
 */
export function roleAndDuty(
  role: string,
  duty: string,
  both: (parts: { role: string; duty: string }) => string,
): string {
  if (!role) return duty;
  if (!duty || duty === role) return role;
  return both({ role, duty });
}
