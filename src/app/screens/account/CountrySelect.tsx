/** Country calling-code picker for phone fields, filled from getCountryCode (spec 7.1). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../shared/api/user';
import type { CountryCode } from '../../../shared/schemas/user';
import { call } from '../../api/client';

/** Used until the list loads, or if it cannot. */
const FALLBACK: CountryCode[] = [{ iso: 'US', name: 'United States', code: '1' }];

let cache: Promise<CountryCode[]> | null = null;
function loadCodes(): Promise<CountryCode[]> {
  cache ??= call(userApi.getCountryCode, { silent: true }).then(
    (list) => (list.length ? list : FALLBACK),
    () => {
      cache = null; // try again next time
      return FALLBACK;
    },
  );
  return cache;
}

/** Digits of a calling code: "+44" and "44" both give "44". */
export const dialDigits = (code: string) => code.replace(/\D/g, '');

export function CountrySelect({ value, onChange, id }: { value: string; onChange(code: string): void; id?: string }) {
  const { t } = useTranslation('account');
  const [codes, setCodes] = useState<CountryCode[]>(FALLBACK);
  useEffect(() => {
    let live = true;
    void loadCodes().then((list) => {
      if (!live) return;
      setCodes(list);
      if (!value || !list.some((c) => dialDigits(c.code) === value)) onChange(dialDigits(list[0].code));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <select className="field__select" id={id} aria-label={t('form.countryCode')} value={value} onChange={(e) => onChange(e.target.value)}>
      {codes.map((c) => (
        <option key={`${c.iso}-${c.code}`} value={dialDigits(c.code)}>
          {`+${dialDigits(c.code)} ${c.name}`}
        </option>
      ))}
    </select>
  );
}
