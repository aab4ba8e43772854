import { Form } from 'antd';
import { GroupTreeSelect } from './group-tree-select.tsx';

interface EnrolGroupFieldProps {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (groupId: string | undefined) => void;
}

/** The group to enrol engines into, the field before EnrolSecret (enrol drawer, installers page). */
export function EnrolGroupField({ label, placeholder, value, onChange }: EnrolGroupFieldProps) {
  return (
    <Form.Item label={label} htmlFor="enrol-group">
      <GroupTreeSelect
        id="enrol-group"
        placeholder={placeholder}
        value={value ?? null}
        onChange={(id) => onChange((id as string | null) ?? undefined)}
      />
    </Form.Item>
  );
}
