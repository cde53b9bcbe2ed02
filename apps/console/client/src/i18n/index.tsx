import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { cs, type Messages } from './cs.ts';
import { en } from './en.ts';

export const catalogues = { cs, en } as const;
export type Lang = keyof typeof catalogues;
const storageKey = 'casino.console.lang';

interface I18n {
  lang: Lang;
  m: Messages;
  setLang(lang: Lang): void;
}

const I18nContext = createContext<I18n>({ lang: 'cs', m: cs, setLang: () => undefined });

function initialLang(): Lang {
  const stored = window.localStorage.getItem(storageKey);
  return stored === 'en' || stored === 'cs' ? stored : 'cs';
}

/** Czech by default (as the players' web app); the switch is remembered in this browser. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const value = useMemo<I18n>(
    () => ({
      lang,
      m: catalogues[lang],
      setLang: (next) => {
        window.localStorage.setItem(storageKey, next);
        setLangState(next);
      },
    }),
    [lang],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);

/** `{name}` placeholders filled in. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * An API amount ("2000.00") as the language writes money, without turning it into a float: the
 * digits are grouped as text (money is never a binary fraction, STYLE.md).
 */
export function formatMoney(money: { amount: string; currency: string } | null | undefined, lang: Lang): string {
  if (!money) return '–';
  const negative = money.amount.startsWith('-');
  const [whole = '0', fraction = ''] = money.amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'cs' ? '\u00a0' : ',');
  const decimals = fraction ? `${lang === 'cs' ? ',' : '.'}${fraction}` : '';
  const sign = negative ? '−' : '';
  if (lang === 'cs') return `${sign}${grouped}${decimals}\u00a0${money.currency === 'CZK' ? 'Kč' : money.currency}`;
  return `${sign}${money.currency}\u00a0${grouped}${decimals}`;
}

export function formatMinor(minor: string | bigint, currency: string, lang: Lang): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const amount = `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return formatMoney({ amount, currency }, lang);
}

export function formatDateTime(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '–';
  return new Intl.DateTimeFormat(lang === 'cs' ? 'cs-CZ' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Prague',
  }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD) as the language writes it, without a time zone shift. */
export function formatDate(day: string | null | undefined, lang: Lang): string {
  if (!day) return '–';
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return lang === 'cs'
    ? `${d}. ${m}. ${y}`
    : new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}
