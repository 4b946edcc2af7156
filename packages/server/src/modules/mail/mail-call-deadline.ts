/**
 * The whole deadline of a mail call a member makes (docs/product/mail.md#connectors): listing a
 * folder, reading, deleting or importing a message, making a request from it, testing or saving
 * a connector. The connection's time-outs measure silence only, and the sign-in has its own
 * deadline (MAIL_SIGN_IN_DEADLINE_MS); after it, a server answering a byte every few seconds would
 * hold the member's request for ever. One deadline runs from the call's start over every use of
 * the mail server the call makes, signing in included: past it the connection is ended and the
 * call answers 502 in words. A poll has its own, longer deadline (mail-rules.ts).
 */
import { MailConnectionError, type MailSession } from './mail-provider.ts';

/** A member waits at most this long for the mail server in one call. */
export const MAIL_USER_CALL_DEADLINE_MS = 60_000;

export class MailCallDeadline {
  readonly #ms: number;
  readonly #endsAt: number;

  constructor(ms: number) {
    this.#ms = ms;
    this.#endsAt = Date.now() + ms;
  }

  remainingMs(): number {
    return Math.max(0, this.#endsAt - Date.now());
  }

  isPast(): boolean {
    return this.remainingMs() === 0;
  }

  /** Past the deadline, in the words of the other mail server failures ("Mail connector '…': …."). */
  failure(): MailConnectionError {
    return new MailConnectionError(`the mail server took longer than ${this.#ms / 1000} seconds to answer`);
  }

  /** `work` on the session, ended (the connection with it) when the deadline passes first. */
  async run<T>(session: MailSession, work: (session: MailSession) => Promise<T>): Promise<T> {
    if (this.isPast()) throw this.failure();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        session.abort();
        reject(this.failure());
      }, this.remainingMs());
    });
    try {
      return await Promise.race([work(session), expired]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Where a call's deadline comes from: one object, so a test can shorten it (as it does the sign-in's). */
export const mailCallDeadlines = {
  forUserCall(): MailCallDeadline {
    return new MailCallDeadline(MAIL_USER_CALL_DEADLINE_MS);
  },
};
