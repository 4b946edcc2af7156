/**
 * What the pages behind an e-mailed link share (the invitation, the external approver's link):
 * the link is looked up once on arrival, and the server's refusals (unknown, expired, used…) are
 * shown in the reader's language by their code, anything else by its own words.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys, TFunction } from 'i18next';
import { isApiRequestError } from '../api/api-error.ts';

/** Message keys by the server's refusal code. */
export type LinkRefusals = Readonly<Record<string, ParseKeys>>;

export function refusalText(error: unknown, t: TFunction, refusals: LinkRefusals): string {
  if (isApiRequestError(error)) {
    const key = refusals[error.code];
    if (key) return t(key);
    if (error.isUnreachable) return t('common.contactingServer');
    if (error.description) return error.description;
  }
  return t('common.unknownError');
}

/**
 * Looks the link up when `isComplete` (its token and app are in the address; else the refusal is
 * `refusals.not_found`); `lookupKey` changes when the link does.
 */
export function useEmailedLink<T>(isComplete: boolean, lookupKey: string, lookup: () => Promise<T>, refusals: LinkRefusals) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<T | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const lookupRef = useRef(lookup);
  lookupRef.current = lookup;

  useEffect(() => {
    if (!isComplete) {
      setRefusal(t(refusals.not_found ?? 'common.unknownError'));
      return;
    }
    let isCurrent = true;
    lookupRef
      .current()
      .then((found) => isCurrent && setAnswer(found))
      .catch((caught: unknown) => isCurrent && setRefusal(refusalText(caught, t, refusals)));
    return () => {
      isCurrent = false;
    };
  }, [isComplete, lookupKey, refusals, t]);

  return { answer, refusal, setRefusal, refusalOf: (error: unknown) => refusalText(error, t, refusals) };
}
