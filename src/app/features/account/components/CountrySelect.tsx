/** Country calling-code picker for phone fields, filled from getCountryCode (spec 7.1). */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../../shared/api/user';
import type { CountryCode } from '../../../../shared/schemas/user';
import { call } from '../../../api/client';

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

/**
 * `value` is the ISO code of the chosen country (several countries share a calling code, e.g. +1);
 * `onChange` gets the ISO code and the digits of its calling code.
 */
export function CountrySelect({
  value,
  onChange,
  id,
}: {
  value: string;
  onChange(iso: string, dial: string): void;
  id?: string;
}) {
  const { t } = useTranslation('account');
  const [codes, setCodes] = useState<CountryCode[]>(FALLBACK);
  // The first render's value and callback, as the load below (once, at mount) has always used.
  const initial = useRef({ value, onChange });
  useEffect(() => {
    const { value, onChange } = initial.current;
    let live = true;
    void loadCodes().then((list) => {
      if (!live) return;
      setCodes(list);
      const current = list.find((c) => c.iso === value) ?? list[0];
      onChange(current.iso, dialDigits(current.code));
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <select
      className="field__select"
      id={id}
      aria-label={t('form.countryCode')}
      value={value}
      onChange={(e) => {
        const c = codes.find((x) => x.iso === e.target.value);
        if (c) onChange(c.iso, dialDigits(c.code));
      }}
    >
      {codes.map((c) => (
        <option key={c.iso} value={c.iso}>
          {`+${dialDigits(c.code)} ${c.name}`}
        </option>
      ))}
    </select>
  );
}
