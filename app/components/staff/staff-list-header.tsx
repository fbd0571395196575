/**
 * The header of a staff list page written once for both areas (decision 038): the admin reads
 * `<keys>.title` and `<keys>.subtitle`, the property manager `<keys>.managerTitle` and
 * `<keys>.managerSubtitle`. Must render inside the staff frame (`useStaffArea`).
 */
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { pickForArea, useStaffArea } from '~/lib/staff-area';
import { SignedInPageHeader } from '../page-header';

/** `keys`: the translation prefix of the four texts above; `actions`: buttons on the right. */
export function StaffListHeader({ keys, actions }: { keys: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  const area = useStaffArea();
  return (
    <SignedInPageHeader
      title={t(pickForArea(area, `${keys}.title`, `${keys}.managerTitle`))}
      subtitle={t(pickForArea(area, `${keys}.subtitle`, `${keys}.managerSubtitle`))}
      actions={actions}
    />
  );
}
