/**
 * Which of JSON Forms' change reports are news to the form's caller. JSON Forms reports its state
 * after every update, including the one that loads the data the caller gave it (the document as
 * loaded, a reload after an edit conflict): passing that on would mark a form just opened as
 * changed. A report is news when it is neither the data the caller gave last nor the report
 * already passed on. (What JSON Forms draws while the caller catches up with its reports is the
 * echo guard's part: echo-guard.ts.)
 */
export class ChangeNews<T extends object> {
  #given: T | undefined;
  #newest: T | undefined;

  /** Notes the data the caller gives the form now. */
  given(data: T): void {
    this.#given = data;
  }

  /** Whether a change JSON Forms reports is news to the caller; if so it is remembered as passed on. */
  isNews(next: T): boolean {
    if (next === this.#given || next === this.#newest) return false;
    this.#newest = next;
    return true;
  }
}
