import { ROLE_LABELS } from '#contract/people';
import { ROLES } from '../roles';

/** The roles as the options of a select, each named by its label. */
export function RoleOptions() {
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}
