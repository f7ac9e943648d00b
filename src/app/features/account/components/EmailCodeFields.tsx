/**
 * An email and the code sent to it (spec 7.1 sendEmailCode), as binding an email and the password reset ask for
 * them: the send button checks the email first, and the server's refusal shows on the code field.
 */
import { useTranslation } from 'react-i18next';
import type { CodeType } from '../../../../shared/schemas/user';
import { CodeField } from '../../../forms/CodeField';
import { EmailField } from '../../../forms/EmailField';
import type { Form } from '../../../forms/useForm';
import { sendCode } from './sendCode';

export function EmailCodeFields({
  form,
  codeType,
}: {
  form: Form<{ email: string; emailCode: string }>;
  codeType: CodeType;
}) {
  const { t } = useTranslation('account');
  const send = async () =>
    (await form.validateOne('email')) &&
    sendCode({ email: form.values.email.trim() }, codeType, (m) => form.setError('emailCode', m), t('form.codeSent'));
  return (
    <>
      <EmailField bind={form.field('email')} label={t('form.email')} error={form.errors.email} />
      <CodeField
        bind={form.field('emailCode')}
        label={t('form.emailCode')}
        error={form.errors.emailCode}
        onSend={send}
      />
    </>
  );
}
