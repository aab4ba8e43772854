import { Button, Checkbox, Form, Input } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './sms-field-list.css';

export type FieldRow = { key: string; value: string; secret: boolean; hint?: string };

/**
 * Headers or parameters: name, value and whether the value is a secret (stored sealed). Each row
 * is a group of its own ("Parameters 2"): one line where there is room, a framed card on a phone,
 * so that a wrapped row's parts never read as the next row's (issue 35).
 */
export function FieldList({ name, add }: { name: 'headers' | 'params'; add: string }) {
  const { t } = useTranslation('adminNotify');
  return (
    <Form.List name={name}>
      {(items, { add: push, remove }) => (
        <>
          {items.map((item, i) => (
            <div
              key={item.key}
              className="sms-field-row"
              role="group"
              aria-label={`${t(`sms.${name}`)} ${i + 1}`}
            >
              <Form.Item
                name={[item.name, 'key']}
                rules={[{ required: true, message: t('sms.key') }]}
                noStyle
              >
                <Input
                  placeholder={t('sms.key')}
                  aria-label={`${t(`sms.${name}`)} ${i + 1} ${t('sms.key')}`}
                  className="sms-field-row__key"
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {({ getFieldValue }) => {
                  const row = getFieldValue([name, item.name]) as FieldRow | undefined;
                  const label = `${t(`sms.${name}`)} ${i + 1} ${t('sms.value')}`;
                  return (
                    <Form.Item name={[item.name, 'value']} noStyle>
                      {row?.secret ? (
                        <Input.Password
                          aria-label={label}
                          autoComplete="new-password"
                          placeholder={
                            row.hint ? t('sms.keepSecret', { hint: row.hint }) : t('sms.value')
                          }
                          className="sms-field-row__value"
                        />
                      ) : (
                        <Input
                          aria-label={label}
                          placeholder={t('sms.value')}
                          className="sms-field-row__value"
                        />
                      )}
                    </Form.Item>
                  );
                }}
              </Form.Item>
              <Form.Item name={[item.name, 'secret']} valuePropName="checked" noStyle>
                <Checkbox>{t('sms.secret')}</Checkbox>
              </Form.Item>
              <Button
                type="text"
                icon={<MinusCircleOutlined />}
                aria-label={`${t('sms.remove')} ${i + 1}`}
                onClick={() => remove(item.name)}
              />
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => push({ key: '', value: '', secret: false })}
          >
            {add}
          </Button>
        </>
      )}
    </Form.List>
  );
}
