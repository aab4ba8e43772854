import { Button, Checkbox, Form, Input, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type FieldRow = { key: string; value: string; secret: boolean; hint?: string };

/** Headers or parameters: name, value and whether the value is a secret (stored sealed). */
export function FieldList({ name, add }: { name: 'headers' | 'params'; add: string }) {
  const { t } = useTranslation('adminNotify');
  return (
    <Form.List name={name}>
      {(items, { add: push, remove }) => (
        <>
          {items.map((item, i) => (
            <Space key={item.key} align="baseline" wrap style={{ marginBottom: 4 }}>
              <Form.Item
                name={[item.name, 'key']}
                rules={[{ required: true, message: t('sms.key') }]}
                noStyle
              >
                <Input
                  placeholder={t('sms.key')}
                  aria-label={`${t(`sms.${name}`)} ${i + 1} ${t('sms.key')}`}
                  style={{ width: 140 }}
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
                          style={{ width: 240 }}
                        />
                      ) : (
                        <Input
                          aria-label={label}
                          placeholder={t('sms.value')}
                          style={{ width: 240 }}
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
            </Space>
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
