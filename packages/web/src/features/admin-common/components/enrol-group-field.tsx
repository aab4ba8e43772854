import { Form } from 'antd';
import { useGroupList } from '../api/get-group-list.ts';
import { GroupTreeSelect } from './group-tree-select.tsx';
import { NoGroupsHint } from './no-groups-hint.tsx';

interface EnrolGroupFieldProps {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (groupId: string | undefined) => void;
}

/** The group to enrol engines into, the field before EnrolSecret (enrol drawer, installers page). */
export function EnrolGroupField({ label, placeholder, value, onChange }: EnrolGroupFieldProps) {
  const groups = useGroupList();
  // A fresh tenant has none: said under the field, before anyone opens the empty list.
  const none = groups.data?.list.length === 0;
  return (
    <Form.Item label={label} htmlFor="enrol-group" extra={none ? <NoGroupsHint /> : undefined}>
      <GroupTreeSelect
        id="enrol-group"
        placeholder={placeholder}
        value={value ?? null}
        onChange={(id) => onChange((id as string | null) ?? undefined)}
      />
    </Form.Item>
  );
}
