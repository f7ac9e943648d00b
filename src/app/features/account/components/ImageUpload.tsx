/**
 * One identity-document image: pick a file, check it here (an image, at most 5 MB), upload it through
 * /api/common/upload/OSS (the server sniffs the content and decides), and keep the returned URL as the field value.
 * A failed upload keeps the previous value and shows why.
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../../shared/api/user';
import { call } from '../../../api/client';
import { AlertText } from '../../../ui/AlertText';

/** The server's limit (UPLOAD-1): at most 5 MB per image. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface ImageUploadProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange(url: string): void;
  onError(message: string): void;
}

export function ImageUpload({ id, label, value, error, onChange, onError }: ImageUploadProps) {
  const { t } = useTranslation('account');
  const [preview, setPreview] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return onError(t('kyc.notImage'));
    if (file.size > MAX_UPLOAD_BYTES) return onError(t('kyc.tooLarge', { mb: 5 }));
    setBusy(true);
    try {
      const form = new FormData();
      // The server names the stored file; the user's file name (which may hold any characters) is not sent.
      form.append('file', file, `image.${(file.type.split('/')[1] || 'bin').replace(/[^a-z0-9]/gi, '')}`);
      const { url } = await call(userApi.uploadOSS, { body: form, silent: true });
      setPreview(URL.createObjectURL(file));
      onChange(url);
    } catch (err) {
      onError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const cls = `acc-upload${error ? ' acc-upload--invalid' : value ? ' acc-upload--done' : ''}`;
  return (
    <div className="field">
      <label className={cls} htmlFor={id}>
        {preview ? <img src={preview} alt="" /> : null}
        <svg
          viewBox="0 0 24 24"
          width="28"
          height="28"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="10" r="1.8" />
          <path d="M21 16l-5-5-8 8" />
        </svg>
        <span className="acc-upload__label">
          {busy ? t('kyc.uploading') : value ? t('kyc.uploaded', { label }) : label}
        </span>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={pick}
          disabled={busy}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </label>
      <AlertText text={error} className="field__error" id={`${id}-error`} />
    </div>
  );
}
